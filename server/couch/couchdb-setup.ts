/**
 * What Oja sets on an Apache CouchDB behind COUCH_URL when it starts, as its admin, on every node of the cluster
 * (a node's settings are its own: /_node/{name}/_config), so the README holds on CouchDB as on the embedded server:
 * - `[chttpd_auth] timeout` = SESSION_TIMEOUT: a session cookie lives as long on both engines (CouchDB's own
 *   default is 600 s whatever Oja was told).
 * - `[chttpd_auth] iterations` = PBKDF2_ITERATIONS when it is given (else CouchDB's own, 600,000 in 3.5).
 * - `[chttpd_auth_lockout] mode = warn`: every sign-in reaches CouchDB from Oja's address, so CouchDB's lockout
 *   (5 wrong passwords for a name from one address) let anyone lock any user out, Oja's own admin included, for
 *   5 minutes. Oja's throttle (server/login/throttle.ts) counts per account and per real client address instead.
 * - The system databases `_users` and `_global_changes` (without the latter `_db_updates` answers 404 and the SMS
 *   dispatcher falls back to one long-poll per business).
 * A setting CouchDB refuses (an admin without the right to change its configuration) stops nothing but is said
 * loudly, with what the operator must set by hand. It installs CouchDB's own check as the dummy hash of
 * server/login/even-timing.ts, and checks COUCH_SESSION_SECRET against the cookie secret CouchDB signs with.
 */
import type { Settings } from '../settings';
import type { CouchClient } from './client';
import { USERS_DB } from './names';
import { randomBytes } from 'node:crypto';
import { useDatabaseCheck } from '../login/even-timing';

/** CouchDB 3.5's password hashing when its configuration names none. */
const COUCHDB_DEFAULT_ITERATIONS = 600_000;
const COUCHDB_DEFAULT_PRF = 'sha256';

export type CouchdbFacts = { nodes: string[]; iterations: number; prf: string; secret?: string; globalChanges: boolean };

const configPath = (node: string, section: string, key: string) => `/_node/${encodeURIComponent(node)}/_config/${section}/${key}`;

async function setOnEveryNode(couch: CouchClient, nodes: string[], section: string, key: string, value: string): Promise<boolean> {
  let all = true;
  for (const node of nodes) {
    const res = await couch.request<unknown>('PUT', configPath(node, section, key), value);
    if (res.status !== 200) {
      all = false;
      console.error(`CouchDB refused setting [${section}] ${key} = ${value} on ${node} (${res.status} ${JSON.stringify(res.body)}): set it in that node's local.ini`);
    }
  }
  return all;
}

async function readSetting(couch: CouchClient, node: string, section: string, key: string): Promise<string | undefined> {
  const res = await couch.request<unknown>('GET', configPath(node, section, key));
  return res.status === 200 && typeof res.body === 'string' ? res.body : undefined;
}

/** The login whose password nobody knows (a fresh random one each start, hashed by CouchDB at its current cost). */
export const TIMING_LOGIN = 'oja_timing_dummy';

/**
 * Unknown names are answered in the time of a wrong password by asking CouchDB to check one against this login
 * (server/login/even-timing.ts). It has no roles, so it opens nothing, and its password exists nowhere.
 */
async function installTimingLogin(couch: CouchClient): Promise<void> {
  const id = `org.couchdb.user:${TIMING_LOGIN}`;
  const existing = await couch.get<{ _rev: string }>(USERS_DB, id);
  await couch.put(USERS_DB, { _id: id, ...(existing ? { _rev: existing._rev } : {}), type: 'user', name: TIMING_LOGIN, roles: [], password: randomBytes(32).toString('base64url') });
  useDatabaseCheck(() => couch.checkPassword(TIMING_LOGIN, randomBytes(16).toString('base64url')));
}

export async function setUpCouchdb(couch: CouchClient, settings: Settings): Promise<CouchdbFacts> {
  const membership = await couch.request<{ cluster_nodes?: string[] }>('GET', '/_membership');
  if (membership.status === 401 || membership.status === 403) throw new Error(`CouchDB did not accept the admin given in COUCH_URL (${membership.status})`);
  const nodes = membership.body.cluster_nodes?.length ? membership.body.cluster_nodes : ['_local'];

  for (const db of [USERS_DB, '_global_changes']) {
    const res = await couch.request('PUT', `/${db}`);
    if (res.status >= 400 && res.status !== 412) console.error(`CouchDB could not create ${db} (${res.status} ${JSON.stringify(res.body)})`);
  }
  const globalChanges = (await couch.request('GET', '/_global_changes')).status === 200;
  if (!globalChanges) {
    console.error('CouchDB has no _global_changes database: _db_updates cannot answer, so the SMS dispatcher long-polls each business on its own (one open request per business). Create _global_changes as the CouchDB admin.');
  }

  await setOnEveryNode(couch, nodes, 'chttpd_auth', 'timeout', String(settings.sessionTimeout));
  if (!(await setOnEveryNode(couch, nodes, 'chttpd_auth_lockout', 'mode', 'warn'))) {
    console.error("CouchDB's sign-in lockout stays on: anyone can lock a user (and Oja's admin) out for 5 minutes with 5 wrong passwords through Oja. Set [chttpd_auth_lockout] mode = warn on every node.");
  }
  if (settings.iterationsGiven) await setOnEveryNode(couch, nodes, 'chttpd_auth', 'iterations', String(settings.iterations));

  const first = nodes[0];
  const iterations = Number(await readSetting(couch, first, 'chttpd_auth', 'iterations')) || COUCHDB_DEFAULT_ITERATIONS;
  const prf = (await readSetting(couch, first, 'chttpd_auth', 'pbkdf2_prf')) || COUCHDB_DEFAULT_PRF;
  await installTimingLogin(couch);
  const secret = (await readSetting(couch, first, 'chttpd_auth', 'secret')) ?? (await readSetting(couch, first, 'couch_httpd_auth', 'secret'));
  if (settings.couchSessionSecret && secret && secret !== settings.couchSessionSecret) {
    throw new Error("COUCH_SESSION_SECRET is not the CouchDB's [chttpd_auth] secret: tills could not renew their sessions. Give the CouchDB's secret, or leave COUCH_SESSION_SECRET unset for Oja to read it.");
  }
  return { nodes, iterations, prf, secret, globalChanges };
}
