/**
 * Unknown accounts are answered in the time of a wrong password. The database checks a known account's
 * password with PBKDF2 (tens of milliseconds) and answers an unknown name at once (63 ms against 4.9 ms
 * measured), which told anyone which usernames and emails exist. Where no stored key would be hashed (no such
 * login, or one without a derived key), a dummy PBKDF2 of the same cost runs before the answer.
 */
import { pbkdf2, randomBytes } from 'node:crypto';
import type { CouchClient } from '../couch/client';
import { USERS_DB } from '../couch/names';

let dummyRuns = 0;

/** How many dummy hashes this process ran (a test's structural check, beside its timing). */
export const dummyHashCount = () => dummyRuns;

/**
 * On an Apache CouchDB the dummy is CouchDB's own check (server/couch/couchdb-setup.ts installs it): a sign-in as
 * a login that exists and whose password nobody knows, so CouchDB hashes with the very scheme, cost and CPU a
 * real check takes (PBKDF2-SHA256 × 600,000 by default in 3.5; a Node dummy of the embedded cost took a third
 * of it, and one of CouchDB's cost in Node took ten times CouchDB's own check on a busy machine).
 */
let databaseCheck: (() => Promise<unknown>) | undefined;

export function useDatabaseCheck(check: () => Promise<unknown>): void {
  databaseCheck = check;
}

/** A PBKDF2 of the database's scheme whose result nobody reads (embedded: HMAC-SHA1, 20 bytes, `iterations`). */
export function dummyHash(iterations: number): Promise<void> {
  dummyRuns += 1;
  if (databaseCheck) return databaseCheck().then(() => undefined, () => undefined);
  return new Promise((resolve) => pbkdf2(randomBytes(12).toString('hex'), randomBytes(16).toString('hex'), Math.max(1, iterations), 20, 'sha1', () => resolve()));
}

/** Runs the dummy hash when the database would hash nothing for this login name. */
export async function evenTiming(couch: CouchClient, name: string, iterations: number): Promise<void> {
  let login: { derived_key?: unknown } | undefined;
  try {
    login = await couch.get<{ derived_key?: unknown }>(USERS_DB, `org.couchdb.user:${name}`);
  } catch {
    login = undefined;
  }
  if (typeof login?.derived_key !== 'string') await dummyHash(iterations);
}
