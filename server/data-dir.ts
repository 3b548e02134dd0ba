/**
 * DATA_DIR holds the cookie secret and the admin password hash (db-config.json), the admin password, the
 * session secret and every database (LevelDB, `_users` included): with them any local user could forge a
 * sign-in cookie for any account. So the folder is private to the user running the server: the folder and
 * every folder under it 0700, every file 0600, fixed at each start for a folder made by an older version (or
 * copied with loose modes), and the process's umask is 0077 so whatever it writes later (new LevelDB files,
 * logs) is private from the start.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (0700) or makes an existing one and everything in it private; sets the umask to 0077. */
export function keepDataPrivate(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

/** Folders 0700 and files 0600 under `path` (links are left alone: they may point outside DATA_DIR). */
function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(path, PRIVATE_DIR_MODE);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) {
    chmodSync(path, PRIVATE_FILE_MODE);
  }
}
