/**
 * A real Apache CouchDB for the tests under tests/couchdb: the one `npm run test:couchdb` started for this file
 * (COUCH_URL, with the admin in it), or, when a file runs on its own, one started here from ../shared/couchdb
 * (scripts/couchdb/control.mjs says where it is looked for) and stopped by stop().
 */
import { startCouchdb, type RunningCouchdb } from '../../scripts/couchdb/control.mjs';

export type TestCouchdb = {
  /** The address without credentials, and the admin URL as COUCH_URL takes it. */
  url: string;
  adminUrl: string;
  admin: { name: string; password: string };
  /** GET/PUT/DELETE as the CouchDB admin, straight to CouchDB (not through Oja). */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
};

function asAdmin(url: string, admin: { name: string; password: string }): TestCouchdb['call'] {
  const auth = 'Basic ' + Buffer.from(`${admin.name}:${admin.password}`).toString('base64');
  return async (method, path, body) => {
    const res = await fetch(url + path, {
      method,
      headers: { Authorization: auth, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

export function fromRunning(couch: RunningCouchdb): TestCouchdb {
  return { url: couch.url, adminUrl: couch.adminUrl, admin: couch.admin, call: asAdmin(couch.url, couch.admin), stop: () => couch.stop() };
}

/** This file's CouchDB (see above). */
export async function testCouchdb(): Promise<TestCouchdb> {
  const given = process.env.COUCH_URL?.split(/[\s,]+/)[0];
  if (!given) return fromRunning(await startCouchdb({ nodes: 1 }));
  const parsed = new URL(given);
  const admin = { name: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  parsed.username = '';
  parsed.password = '';
  const url = parsed.toString().replace(/\/+$/, '');
  return { url, adminUrl: given, admin, call: asAdmin(url, admin), stop: async () => undefined };
}
