/**
 * Issue 26, finding 8 (disabled accounts): once the owner disables an account, the cookie it already had reads
 * nothing more, at the very next request (before, /db kept the session it had looked up for 3 s: _bulk_get
 * still answered).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test("a disabled account's cookie reads nothing right after the disable: _bulk_get, a document, _changes, /api", async () => {
  const a = await registerBusiness(env.server, { name: 'Disable Shop' });
  const { client, username } = await addStaff(a.owner, a.id, 'Kemi Staff', 3);
  const main = `/db/oja-${a.id}`;
  const reads = (): [string, string, unknown?][] => [
    ['POST', `${main}/_bulk_get`, { docs: [{ id: 'invoice-policy' }] }],
    ['GET', `${main}/_all_docs?limit=1`],
    ['GET', `${main}/_changes?limit=1`],
    ['GET', '/api/me'],
  ];
  // The session is looked up (and kept) by every route first.
  for (const [method, path, body] of reads()) assert.is((await client.call(method, path, body)).status, 200, `${method} ${path} before`);
  const off = await a.owner.call('POST', `/api/users/${a.id}/${username}/disable`, {}, true);
  assert.is(off.status, 200);
  // Client.call would sign in again on a 401: ask with the old cookie only.
  for (const [method, path, body] of reads()) {
    const res = await fetch(env.server.url + path, { method, headers: { Cookie: `AuthSession=${client.cookie}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert.is(res.status, 401, `${method} ${path} after the disable: ${res.status} ${text.slice(0, 200)}`);
  }
});

test.run();
