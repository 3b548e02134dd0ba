/**
 * Nobody locks the server out of its own database (issue 38, item 2). The database admin is not a person's
 * account: its sign-in is not offered through /db, so wrong passwords for its name (by POST /db/_session or HTTP
 * Basic) are answered 401 like any wrong password and never reach the database. On a1cae3b behind a real CouchDB,
 * five of them locked the admin's name from Oja's address (CouchDB's lockout): registration answered 500 for
 * 5 minutes and a second server starting on that CouchDB exited. Here both still work after eight guesses.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { onCouchdb, startServer } from '../e2e/harness';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  // The address limit off: this test guesses from one address on purpose.
  env = await freshServer({ LOGIN_ADDRESS_MAX_FAILURES: '0' });
});
test.after(async () => {
  await env?.stop();
});

test("wrong passwords for the admin's name are refused without locking the server's own admin out", async () => {
  const url = env.server.url;
  for (let i = 1; i <= 4; i++) {
    const res = await fetch(`${url}/db/_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: `guess-${i}` }) });
    assert.is(res.status, 401, `sign-in guess ${i}`);
    assert.is((await res.json()).reason, 'Name or password is incorrect.');
  }
  for (let i = 1; i <= 4; i++) {
    const res = await fetch(`${url}/db/_all_dbs`, { headers: { Authorization: 'Basic ' + Buffer.from(`admin:basic-${i}`).toString('base64') } });
    assert.ok([401, 429].includes(res.status), `Basic guess ${i}: ${res.status}`);
  }
  // The server's own work as admin goes on: a business is registered and its owner signs in.
  const a = await registerBusiness(env.server, { name: 'After Guesses Shop' });
  assert.ok(a.id);
  // On CouchDB: a second server on the same database starts (its first act is admin work) and serves.
  if (!onCouchdb) return;
  const second = await startServer({ PAYMENT_PROVIDER: 'fake' });
  try {
    const b = await registerBusiness(second, { name: 'Second Server Shop' });
    assert.ok(b.id);
  } finally {
    await second.stop();
    rmSync(second.dataDir, { recursive: true, force: true });
  }
});

test.run();
