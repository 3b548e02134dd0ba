/**
 * Issue 26, finding 6: secrets on disk are private. A fresh DATA_DIR is created 0700 with its secret files
 * (db-config.json with the cookie secret and the admin hash, admin-password, session-secret,
 * sms-dispatcher-id) 0600 and the LevelDB folders and files under db/ 0700/0600, also those written after the
 * start; a data folder left with loose modes (an older version, a copy) is made private when the server starts,
 * its secrets kept as they were.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../e2e/harness';
import { registerBusiness } from './helpers';

const SECRETS = ['db-config.json', 'admin-password', 'session-secret', 'sms-dispatcher-id'];
const mode = (path: string) => statSync(path).mode & 0o777;
const octal = (m: number) => m.toString(8).padStart(3, '0');

/** Every folder and file under `dir` (itself included) whose mode is not 0700 / 0600, as 'path mode'. */
function loose(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      if (mode(path) !== 0o700) out.push(`${path} ${octal(mode(path))}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (mode(path) !== 0o600) out.push(`${path} ${octal(mode(path))}`);
  };
  walk(dir);
  return out;
}

test('a fresh data folder is 0700, its secrets 0600, and the databases written later are private too', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'oja-modes-'));
  const dataDir = join(parent, 'data');
  const server = await startServer({ PAYMENT_PROVIDER: 'fake' }, dataDir);
  try {
    assert.is(octal(mode(dataDir)), '700');
    for (const name of SECRETS) assert.is(octal(mode(join(dataDir, name))), '600', name);
    // A registration creates three databases (new LevelDB folders and files) after the start.
    await registerBusiness(server);
    assert.ok(readdirSync(join(dataDir, 'db')).length > 3);
    assert.equal(loose(dataDir), []);
  } finally {
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  }
});

test('a data folder with loose modes is made private on start, its secrets unchanged', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oja-modes-'));
  // What an older version left: the umask's 755/644 everywhere.
  writeFileSync(join(dataDir, 'admin-password'), 'loose-admin-password-0123\n', { mode: 0o644 });
  writeFileSync(join(dataDir, 'session-secret'), 'loose-session-secret-0123\n', { mode: 0o644 });
  writeFileSync(join(dataDir, 'db-config.json'), '{}\n', { mode: 0o644 });
  mkdirSync(join(dataDir, 'db', 'old-db'), { recursive: true, mode: 0o755 });
  writeFileSync(join(dataDir, 'db', 'old-db', '000001.log'), 'x', { mode: 0o644 });
  for (const [path, m] of [[dataDir, 0o755], [join(dataDir, 'db'), 0o755], [join(dataDir, 'db', 'old-db'), 0o755]] as const) chmodSync(path, m);
  assert.ok(loose(dataDir).length >= 6, 'the folder starts loose');
  const server = await startServer({ PAYMENT_PROVIDER: 'fake' }, dataDir);
  try {
    assert.equal(loose(dataDir), []);
    assert.is(readFileSync(join(dataDir, 'admin-password'), 'utf8'), 'loose-admin-password-0123\n');
    assert.is(readFileSync(join(dataDir, 'session-secret'), 'utf8'), 'loose-session-secret-0123\n');
    // The server works on the folder it tightened.
    await registerBusiness(server);
    assert.equal(loose(dataDir), []);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
