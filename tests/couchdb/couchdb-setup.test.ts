/**
 * What Oja sets on a real Apache CouchDB when it starts (server/couch/couchdb-setup.ts), and what it refuses:
 * - COUCH_URL with the admin in it starts the server (on a1cae3b: "Request cannot be constructed from a URL that
 *   includes credentials");
 * - `[chttpd_auth] timeout` is SESSION_TIMEOUT on every node, and a cookie dies after it (on a1cae3b CouchDB's
 *   600 s applied); CouchDB's per-address lockout is off (`warn`); PBKDF2_ITERATIONS reaches CouchDB's hashing;
 * - `_global_changes`, deleted, is there again after a start (on a1cae3b `_db_updates` answered 404 and the
 *   dispatcher fell back without a word);
 * - a COUCH_SESSION_SECRET that is not the CouchDB's stops the start with a message saying so (on a1cae3b device
 *   cookies were minted dead and answered 200).
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from '../server/helpers';
import { testCouchdb, type TestCouchdb } from '../support/couchdb';

let couch: TestCouchdb;
const servers: TestServer[] = [];
const start = async (env: Record<string, string>) => {
  const server = await startServer({ PAYMENT_PROVIDER: 'fake', COUCH_URL: couch.adminUrl, ...env });
  servers.push(server);
  return server;
};

test.before(async () => {
  couch = await testCouchdb();
});
test.after(async () => {
  for (const s of servers) {
    await s.stop();
    rmSync(s.dataDir, { recursive: true, force: true });
  }
  await couch?.stop();
});

test('at start: SESSION_TIMEOUT, PBKDF2_ITERATIONS and lockout off on every node; _global_changes made again', async () => {
  assert.is((await couch.call('DELETE', '/_global_changes')).status, 200);
  const server = await start({ SESSION_TIMEOUT: '2', PBKDF2_ITERATIONS: '20000' });
  const nodes: string[] = (await couch.call('GET', '/_membership')).body.cluster_nodes;
  for (const node of nodes) {
    assert.is((await couch.call('GET', `/_node/${node}/_config/chttpd_auth/timeout`)).body, '2');
    assert.is((await couch.call('GET', `/_node/${node}/_config/chttpd_auth/iterations`)).body, '20000');
    assert.is((await couch.call('GET', `/_node/${node}/_config/chttpd_auth_lockout/mode`)).body, 'warn');
  }
  assert.is((await couch.call('GET', '/_global_changes')).status, 200);
  assert.is((await couch.call('GET', '/_db_updates?since=now')).status, 200);

  // A new owner's password is hashed with PBKDF2_ITERATIONS by CouchDB itself.
  const a = await registerBusiness(server, { name: 'Timeout Shop' });
  assert.is((await couch.call('GET', `/_users/org.couchdb.user:v2_${a.username}`)).body.iterations, 20000);

  // The cookie lives SESSION_TIMEOUT (2 s), not CouchDB's 600 s: asked until it is refused, within 30 s.
  const cookieOwner = new Client(server.url);
  assert.is((await cookieOwner.login(a.username, 'secret12')).status, 200);
  const signedIn = Date.now();
  const who = async () => (await fetch(`${server.url}/db/_session`, { headers: { Cookie: `AuthSession=${cookieOwner.cookie}`, Accept: 'application/json' } }).then((r) => r.json())).userCtx?.name;
  assert.is(await who(), `v2_${a.username}`);
  let name: string | null = `v2_${a.username}`;
  while (name && Date.now() - signedIn < 30_000) {
    await new Promise((r) => setTimeout(r, 250));
    name = await who();
  }
  assert.is(name, null, 'the cookie was still good after 30 s');
  assert.ok(Date.now() - signedIn >= 1500, 'the cookie ended before SESSION_TIMEOUT');
});

test("a COUCH_SESSION_SECRET that is not the CouchDB's stops the start, saying so", async () => {
  // Without the supervisor (server/supervisor.ts), which would start the refused server again and again.
  const failed = await start({ COUCH_SESSION_SECRET: 'not-the-couchdb-secret', OJA_SUPERVISOR: 'off' }).then(
    () => '',
    (e: unknown) => String(e),
  );
  assert.match(failed, /COUCH_SESSION_SECRET is not the CouchDB's \[chttpd_auth\] secret/);
  // The right one (as an operator copies it from CouchDB's configuration) starts.
  const secret = (await couch.call('GET', '/_node/_local/_config/chttpd_auth/secret')).body as string;
  const server = await start({ COUCH_SESSION_SECRET: secret });
  assert.is((await fetch(`${server.url}/db/`)).status, 200);
});

test.run();
