import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { onCouchdb } from '../e2e/harness';
import { Client, freshServer, registerBusiness } from './helpers';
import { adminOf } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('a user of business A gets 401/403 on business B databases, reads and writes alike', async () => {
  const a = await registerBusiness(env.server, { name: 'Alpha Shop' });
  const b = await registerBusiness(env.server, { name: 'Beta Shop' });
  assert.is((await a.owner.call('GET', `/db/oja-${a.id}`)).status, 200);
  for (const suffix of ['', '-shared', '-denormalized']) {
    const read = await a.owner.call('GET', `/db/oja-${b.id}${suffix}/_all_docs`);
    assert.ok([401, 403].includes(read.status), `read ${suffix}: ${read.status}`);
    const write = await a.owner.call('PUT', `/db/oja-${b.id}${suffix}/x1`, { stores: 'customer', name: 'Intruder' });
    assert.ok([401, 403].includes(write.status), `write ${suffix}: ${write.status}`);
  }
  const anonymous = new Client(env.server.url);
  assert.ok([401, 403].includes((await anonymous.call('GET', `/db/oja-${b.id}/_changes`)).status));
});

test('_config, _node/*/_config, _all_dbs, _replicate, _users and _security refuse non-admins', async () => {
  const a = await registerBusiness(env.server, { name: 'Gamma Shop' });
  const anonymous = new Client(env.server.url);
  for (const client of [a.owner, anonymous]) {
    for (const [method, path] of [
      ['GET', '/db/_config'],
      ['PUT', '/db/_config/admins/eve'],
      ['GET', '/db/_node/node1@127.0.0.1/_config'],
      ['GET', '/db/_node/_local/_config/admins'],
      ['GET', '/db/_all_dbs'],
      ['POST', '/db/_replicate'],
      ['GET', '/db/_users/_all_docs'],
      ['GET', '/db/directory/_all_docs'],
      ['PUT', `/db/oja-${a.id}/_security`],
      ['PUT', `/db/oja-${a.id}/_design/evil`],
    ]) {
      const res = await client.call(method, path, method === 'GET' ? undefined : {});
      assert.ok(res.status === 401 || res.status === 403, `${method} ${path}: ${res.status}`);
    }
  }
});

test('a non-admin PUT /db/newdb is refused and the server keeps running', async () => {
  const a = await registerBusiness(env.server, { name: 'Delta Shop' });
  for (const client of [a.owner, new Client(env.server.url)]) {
    assert.ok([401, 403].includes((await client.call('PUT', '/db/newdb')).status));
    assert.ok([401, 403].includes((await client.call('PUT', `/db/oja-${a.id}x`)).status));
    assert.ok([401, 403].includes((await client.call('DELETE', `/db/oja-${a.id}`)).status));
  }
  assert.is(env.server.process.exitCode, null);
  assert.is((await a.owner.call('GET', `/db/oja-${a.id}`)).status, 200);
});

test('cross-origin requests are refused and the session cookie is HttpOnly and SameSite=Strict', async () => {
  const res = await fetch(env.server.url + '/db/_session', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' }, body: '{}' });
  assert.is(res.status, 403);
  assert.is(res.headers.get('access-control-allow-origin'), null);
  const a = await registerBusiness(env.server, { name: 'Epsilon Shop' });
  const login = await fetch(env.server.url + '/db/_session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `v2_${a.username}`, password: 'secret12' }) });
  const cookie = login.headers.get('set-cookie') ?? '';
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
});

test("the database server's own headers stay behind /db: no Server, no Location outside /db, the cookie Strict", async () => {
  const a = await registerBusiness(env.server, { name: 'Header Shop' });
  const login = await fetch(env.server.url + '/db/_session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `v2_${a.username}`, password: 'secret12' }) });
  assert.is(login.headers.get('server'), null);
  const cookie = /AuthSession=[^;]*/.exec(login.headers.get('set-cookie') ?? '')![0];
  const put = await fetch(`${env.server.url}/db/oja-${a.id}/4Aheader`, { method: 'PUT', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ stores: 'customer', name: 'Header' }) });
  assert.is(put.status, 201);
  assert.is(put.headers.get('server'), null);
  // CouchDB names its own address (http://127.0.0.1:5984/…): a client following it would leave Oja and its cookie.
  const location = put.headers.get('location');
  if (location !== null) {
    const followed = new URL(location, env.server.url + '/db/');
    assert.is(followed.origin, new URL(env.server.url).origin, `Location ${location}`);
    assert.is(followed.pathname, `/db/oja-${a.id}/4Aheader`, `Location ${location}`);
  }
});

test('passwords are stored with PBKDF2 iterations well above 10', async () => {
  if (onCouchdb) {
    // Apache CouchDB hashes them itself (PBKDF2-SHA256, 600,000 unless PBKDF2_ITERATIONS says otherwise).
    const a = await registerBusiness(env.server, { name: 'Hash Shop' });
    const login = (await adminOf(env.server)('GET', `/_users/org.couchdb.user:v2_${a.username}`)).body;
    assert.ok(Number(login.iterations) >= 10000, `iterations ${login.iterations}`);
    return;
  }
  const { readFileSync } = await import('node:fs');
  const config = JSON.parse(readFileSync(`${env.server.dataDir}/db-config.json`, 'utf8'));
  assert.ok(Number(config.couch_httpd_auth.iterations) >= 10000);
  assert.match(config.admins.admin, /^-pbkdf2-[0-9a-f]+,[0-9a-f]+,(\d+)$/);
  assert.ok(Number(/,(\d+)$/.exec(config.admins.admin)![1]) >= 10000);
});

test('every business database has a _security object with its members only', async () => {
  const a = await registerBusiness(env.server, { name: 'Zeta Shop' });
  const password = env.server.adminPassword();
  const auth = 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');
  for (const suffix of ['', '-shared', '-denormalized']) {
    const res = await fetch(`${env.server.url}/db/oja-${a.id}${suffix}/_security`, { headers: { Authorization: auth } });
    const security = await res.json();
    assert.equal(security.members.roles, [`oja:member:${a.id}`]);
  }
});

test.run();
