/**
 * What `npm run backup` writes and `npm run restore` reads, and how both reach the database server.
 *
 *   <backup folder>/manifest.json        { format, created, source, databases: [{ name, file, doc_count }] }
 *   <backup folder>/<database>.ndjson    line 1: { db, security, doc_count }; then one line per leaf revision of
 *                                        every document (deleted ones and conflicts included), each with its
 *                                        `_revisions` history, so a restore writes the same ids, revisions and
 *                                        bodies with new_edits: false and devices that synced before stay in step.
 *
 * Both talk CouchDB's HTTP API as the database admin (HTTP Basic and the admin's session, as the server's own
 * API does), so the same files move between the embedded database and an Apache CouchDB 3 (COUCH_URL).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CouchClient } from '../../server/couch/client';
import { DB_KINDS, DIRECTORY_DB, USERS_DB, businessDb } from '../../server/couch/names';
import { couchAddress } from '../../server/settings';

export const FORMAT = 'oja-backup-1';

export type Manifest = { format: string; created: string; source: string; databases: { name: string; file: string; doc_count: number }[] };
export type Header = { db: string; security: object; doc_count: number };

/** A file name for a database name (`_users` and `oja-…` are already safe; anything else is encoded). */
export function fileOf(db: string): string {
  return encodeURIComponent(db) + '.ndjson';
}

/** The admin's name and password: ADMIN_NAME / ADMIN_PASSWORD, else DATA_DIR/admin-password (written at first start). */
export function adminOf(env: NodeJS.ProcessEnv): { name: string; password: string } {
  const inUrl = couchAddress(env);
  const name = inUrl.name || env.ADMIN_NAME || 'admin';
  if (inUrl.password || env.ADMIN_PASSWORD) return { name, password: (inUrl.password || env.ADMIN_PASSWORD)! };
  const file = join(resolve(env.DATA_DIR || './data'), 'admin-password');
  if (!existsSync(file)) throw new Error(`No admin password: set ADMIN_PASSWORD, or DATA_DIR to the server's data folder (${file} is missing)`);
  return { name, password: readFileSync(file, 'utf8').trim() };
}

/** Every database the server keeps: the logins, the directory, and each business's three databases. */
export async function serverDatabases(couch: CouchClient): Promise<string[]> {
  const businesses = await couch.byPrefix<{ _id: string; type?: string }>(DIRECTORY_DB, 'business:');
  const names = [USERS_DB, DIRECTORY_DB];
  for (const b of businesses) {
    if (b.type !== 'business') continue;
    const id = b._id.slice('business:'.length);
    for (const kind of DB_KINDS) names.push(businessDb(id, kind));
  }
  return names;
}

export function enc(db: string): string {
  return encodeURIComponent(db);
}

/** Stops with a short message and a non-zero exit code (no stack trace for a person at a terminal). */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
