/**
 * The embedded CouchDB-compatible endpoint: express-pouchdb on LevelDB in DATA_DIR/db. Only the parts sync and
 * sign-in need are loaded (no _config, _replicate, _all_dbs, fauxton, vhosts, rewrites, views, attachments);
 * the route allowlist in ./guard.ts stands in front of it anyway.
 */
import { pbkdf2 } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type express from 'express';
import PouchDB from 'pouchdb-core';
import leveldb from 'pouchdb-adapter-leveldb';
import replication from 'pouchdb-replication';
import type { Settings } from '../settings';
import { installLeanValidation } from './lean-validation';
import { keepRevisionHistory } from './revision-history';
import { OpenDatabases } from './open-dbs';
import { keepDbNames } from './db-names';
import type { OpenFeeds } from './feeds';

const require = createRequire(import.meta.url);
installLeanValidation(require);
// express-pouchdb and pouchdb-auth ship no types; their surface used here is small and typed below.
const expressPouchDB = require('express-pouchdb') as (opts: object) => EmbeddedApp;
const authUtils = require('pouchdb-auth/lib/utils.js') as { hashPassword(p: string, salt: string, iterations: number): Promise<string> };
// pouchdb-auth hashes with a pure-JavaScript PBKDF2 that blocks the process (0.6 s for 20,000 rounds); Node's
// native one gives the same PBKDF2-HMAC-SHA1 key (CouchDB's scheme) off the main thread, so raised
// iteration counts stay affordable.
authUtils.hashPassword = (password, salt, iterations) =>
  new Promise((resolve, reject) => pbkdf2(password, salt, iterations, 20, 'sha1', (err, key) => (err ? reject(err) : resolve(key.toString('hex')))));
const Auth = require('pouchdb-auth') as { hashAdminPasswords(a: Record<string, string>, o: { iterations: number }): Promise<Record<string, string>> };

type EmbeddedApp = express.Express & {
  setPouchDB(p: unknown): Promise<void>;
  dbWrapper: { registerWrapper(w: (name: string, db: Record<string, unknown>, next: () => unknown) => unknown): void };
};

const PARTS = [
  'config-infrastructure',
  'logging-infrastructure',
  'compression',
  'routes/authentication',
  'routes/authorization',
  'routes/root',
  'routes/session',
  'routes/db',
  'routes/security',
  'routes/bulk-docs',
  'routes/bulk-get',
  'routes/all-docs',
  'routes/changes',
  'routes/revs-diff',
  'routes/documents',
  'validation',
  'routes/404',
];

/**
 * The embedded endpoint behind the bound on open databases (./open-dbs.ts, OPEN_DATABASES_MAX), which the
 * admin reads at GET /_oja_stats with the process's memory, CPU time, open longpolls (`feeds`) and id (the
 * serving process under the supervisor: bench:server and the tests read its /proc entries).
 */
export async function embeddedCouch(settings: Settings, feeds: OpenFeeds): Promise<express.RequestHandler[]> {
  const dir = join(settings.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  // pouchdb-security wraps db.replicate.to/from: without the replication plugin it fails on _users.
  PouchDB.plugin(leveldb).plugin(replication);
  const LocalPouch = PouchDB.defaults({ prefix: dir + '/', adapter: 'leveldb' } as PouchDB.Configuration.DatabaseConfiguration);

  // Without an admin, pouchdb-auth treats everyone as admin ("admin party"): the config file written before
  // the endpoint starts always has one. Written whole at each start (changing it later would re-open _users).
  const admins = await Auth.hashAdminPasswords({ [settings.adminName]: settings.adminPassword }, { iterations: settings.iterations });
  const configPath = join(settings.dataDir, 'db-config.json');
  const config = {
    admins,
    couch_httpd_auth: { secret: settings.sessionSecret, timeout: settings.sessionTimeout, iterations: settings.iterations },
    log: { level: 'error', file: join(settings.dataDir, 'db.log') },
  };
  writeFileSync(configPath, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  const app = expressPouchDB({ mode: 'custom', overrideMode: { include: PARTS }, configPath, logPath: join(settings.dataDir, 'db.log') });
  // Registered after the 'validation' part's wrapper, so it runs on each database once validation is on it.
  app.dbWrapper.registerWrapper((_name, db, next) => {
    keepRevisionHistory(db);
    return next();
  });
  await app.setPouchDB(LocalPouch);
  await keepDbNames(LocalPouch as unknown as Parameters<typeof keepDbNames>[0]);
  const open = new OpenDatabases(settings.openDatabases, LocalPouch as object);
  const stats: express.RequestHandler = (req, res, next) => {
    if (req.method === 'GET' && req.path === '/_oja_stats') res.json({ databases: open.stats(), memory: process.memoryUsage(), cpu: process.cpuUsage(), feeds: feeds.size, pid: process.pid });
    else next();
  };
  return [stats, open.middleware(), app];
}
