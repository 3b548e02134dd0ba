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
 * How the database hashes passwords, when it is not the embedded server's PBKDF2-HMAC-SHA1 at PBKDF2_ITERATIONS:
 * an Apache CouchDB 3.5 uses PBKDF2-HMAC-SHA256 at 600,000 iterations unless configured otherwise (read from it
 * at start: server/couch/couchdb-setup.ts). A dummy of the embedded cost took a third of a real check there.
 */
let scheme: { iterations: number; digest: string } | undefined;

export function setHashScheme(given: { iterations: number; digest: string }): void {
  scheme = given;
}

/** A PBKDF2 of the database's scheme (by default the embedded one: HMAC-SHA1, 20 bytes) whose result nobody reads. */
export function dummyHash(iterations: number): Promise<void> {
  dummyRuns += 1;
  const digest = scheme?.digest ?? 'sha1';
  const rounds = scheme?.iterations ?? iterations;
  return new Promise((resolve) => pbkdf2(randomBytes(12).toString('hex'), randomBytes(16).toString('hex'), Math.max(1, rounds), digest === 'sha1' ? 20 : 32, digest, () => resolve()));
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
