/**
 * Device credentials over real HTTP (server/api/devices.ts): a signed-in user registers a device with their
 * password and gets { device, secret } once; the device renews its session with it (a short SESSION_TIMEOUT
 * lets the cookie die first); a wrong secret, another user's device, a revoked device and a disabled user are
 * refused; only the business's owner lists and revokes, and a revoke stops the device's cookie at once while the
 * user's other devices renew by their own credential. Behind COUCH_URL the same renewal works with
 * COUCH_SESSION_SECRET.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeviceCredential, DeviceView } from '../../commands/devices';
import { onCouchdb, startServer, type TestServer } from '../e2e/harness';
import { addStaff, Client, freshServer, registerBusiness } from './helpers';

const TIMEOUT_S = 2;
const PROXIED_TIMEOUT_S = 8;
let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer({ SESSION_TIMEOUT: String(TIMEOUT_S) });
});
test.after(async () => {
  await env?.stop();
});

/** A device's credential, registered by a client signed in with that password. */
async function register(client: Client, password: string, label?: string): Promise<DeviceCredential & { label: string }> {
  const res = await client.call('POST', '/api/devices', { password, ...(label ? { label } : {}) });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** A browser that holds only the credential: it renews its session with it (no password anywhere). */
async function renewed(server: TestServer, username: string, c: DeviceCredential, device = new Client(server.url)) {
  const res = await device.call('POST', '/api/device-session', { username, ...c });
  return { device, res };
}

const waitPastTimeout = (seconds = TIMEOUT_S) => new Promise((r) => setTimeout(r, (seconds + 1.5) * 1000));

function adminGet(server: TestServer, path: string) {
  const password = server.adminPassword();
  return fetch(server.url + '/db' + path, { headers: { Authorization: 'Basic ' + Buffer.from(`admin:${password}`).toString('base64') } }).then((r) => r.json() as Promise<Record<string, unknown>>);
}

test('registering a device needs a session and the password; the server keeps only a hash of the secret', async () => {
  const a = await registerBusiness(env.server, { name: 'Device Shop' });
  assert.is((await new Client(env.server.url).call('POST', '/api/devices', { password: 'secret12' })).status, 401);
  assert.is((await a.owner.call('POST', '/api/devices', {})).status, 401);
  assert.is((await a.owner.call('POST', '/api/devices', { password: 'not-it-at-all' })).status, 401);
  const c = await register(a.owner, 'secret12', 'Front till');
  assert.match(c.device, /^[a-f0-9]{32}$/);
  assert.ok(Buffer.from(c.secret, 'base64url').length === 32, 'a 256-bit secret');
  assert.is(c.label, 'Front till');
  const stored = await adminGet(env.server, `/directory/device:${a.id}:${c.device}`);
  assert.is(stored.username, a.username);
  assert.not.ok(JSON.stringify(stored).includes(c.secret), 'the secret itself is not stored');
  assert.is(typeof stored.hash, 'string');
});

test('the credential renews the session after the cookie expired; a wrong secret or another user is refused', async () => {
  const a = await registerBusiness(env.server, { name: 'Renew Shop' });
  const c = await register(a.owner, 'secret12');
  const main = `/db/oja-${a.id}`;
  const { device, res } = await renewed(env.server, a.username, c);
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.is(res.body.name, `v2_${a.username}`);
  assert.is((await device.call('PUT', `${main}/4dev`, { stores: 'customer', name: 'By credential' })).status, 201);
  assert.is((await device.call('GET', '/api/me')).status, 200, 'the API takes the renewed cookie too');

  await waitPastTimeout();
  assert.is((await device.call('GET', `${main}/4dev`)).status, 401, 'the cookie died with SESSION_TIMEOUT');
  assert.is((await renewed(env.server, a.username, c, device)).res.status, 200);
  assert.is((await device.call('GET', `${main}/4dev`)).body.name, 'By credential', 'renewed after expiry');

  const wrong = await renewed(env.server, a.username, { ...c, secret: c.secret.slice(0, -2) + (c.secret.endsWith('AA') ? 'BB' : 'AA') });
  assert.is(wrong.res.status, 401);
  assert.is(wrong.res.body.error, 'unknown');
  assert.not.ok(wrong.device.cookie, 'no cookie for a wrong secret');
  assert.is((await renewed(env.server, a.username, { ...c, device: '0'.repeat(32) })).res.status, 401);
  assert.is((await renewed(env.server, a.username, { device: c.device, secret: '' })).res.status, 400);
  // Another user naming this device (with its secret) gets nothing: a credential renews its own user only.
  const b = await registerBusiness(env.server, { name: 'Other Renew Shop' });
  assert.is((await renewed(env.server, b.username, c)).res.status, 401);
});

test("only the business's owner lists and revokes devices: not another business's owner, not a level-3 staff", async () => {
  const a = await registerBusiness(env.server, { name: 'List Shop' });
  const b = await registerBusiness(env.server, { name: 'Rival Shop' });
  const agent = await addStaff(a.owner, a.id, 'Tolu Agent', 3);
  const own = await register(a.owner, 'secret12', 'Office laptop');
  const theirs = await register(agent.client, 'staffpass');

  const list = await a.owner.call('GET', `/api/devices/${a.id}`);
  assert.is(list.status, 200);
  const docs = list.body.docs as DeviceView[];
  assert.equal(docs.map((d) => d.device).sort(), [own.device, theirs.device].sort());
  const agentRow = docs.find((d) => d.device === theirs.device)!;
  assert.equal([agentRow.username, agentRow.full_name, agentRow.label], [agent.username, 'Tolu Agent', 'Node']);
  assert.is(docs.find((d) => d.device === own.device)!.full_name, 'Ada Obi');
  assert.ok(agentRow.created > 0 && agentRow.last_seen >= agentRow.created && agentRow.revoked === undefined);
  assert.not.ok(JSON.stringify(list.body).includes('hash'), 'the list carries no hash');

  for (const who of [b.owner, agent.client]) {
    assert.is((await who.call('GET', `/api/devices/${a.id}`)).status, 403);
    assert.is((await who.call('POST', `/api/devices/${a.id}/${own.device}/revoke`, {})).status, 403);
    assert.is((await who.call('POST', `/api/devices/${a.id}/${theirs.device}/revoke`, {})).status, 403);
  }
  assert.is((await new Client(env.server.url).call('GET', `/api/devices/${a.id}`)).status, 401);
  assert.is((await a.owner.call('POST', `/api/devices/${a.id}/${'0'.repeat(32)}/revoke`, {})).status, 404);
  // Nothing was revoked by the refused calls.
  assert.is((await renewed(env.server, a.username, own)).res.status, 200);
  assert.is((await renewed(env.server, agent.username, theirs)).res.status, 200);
});

test("revoking a device stops its cookie at once and its renewal; the user's other device renews by itself", async () => {
  const a = await registerBusiness(env.server, { name: 'Revoke Shop' });
  const agent = await addStaff(a.owner, a.id, 'Bola Till', 3);
  const lost = await register(agent.client, 'staffpass', 'Lost laptop');
  const kept = await register(agent.client, 'staffpass', 'Shop till');
  const main = `/db/oja-${a.id}`;
  const thief = (await renewed(env.server, agent.username, lost)).device;
  const till = (await renewed(env.server, agent.username, kept)).device;
  assert.is((await thief.call('GET', `${main}/_changes?since=0&limit=1`)).status, 200);

  const revoked = await a.owner.call('POST', `/api/devices/${a.id}/${lost.device}/revoke`, {});
  assert.is(revoked.status, 200);
  // At once: the very next request with the cookie it holds is refused, on /db and on /api.
  assert.is((await thief.call('GET', `${main}/_changes?since=0&limit=1`)).status, 401);
  assert.is((await thief.call('PUT', `${main}/4thief`, { stores: 'customer', name: 'After revoke' })).status, 401);
  assert.is((await thief.call('GET', '/api/me')).status, 401);
  assert.is((await thief.call('GET', '/db/_session')).body.userCtx.name, null);
  const again = await renewed(env.server, agent.username, lost, thief);
  assert.is(again.res.status, 401);
  assert.is(again.res.body.error, 'revoked');
  assert.is((await thief.call('GET', `${main}/_changes?since=0&limit=1`)).status, 401, 'still refused after trying to renew');

  // The other device of that user met the same cut (its cookie is the user's) and renews with its own credential.
  assert.is((await till.call('GET', `${main}/_changes?since=0&limit=1`)).status, 401);
  assert.is((await renewed(env.server, agent.username, kept, till)).res.status, 200);
  assert.is((await till.call('PUT', `${main}/4till`, { stores: 'customer', name: 'Still syncing' })).status, 201);
  // The owner's list says so; a second revoke is refused.
  const docs = (await a.owner.call('GET', `/api/devices/${a.id}`)).body.docs as DeviceView[];
  assert.ok(docs.find((d) => d.device === lost.device)!.revoked! > 0);
  assert.is(docs.find((d) => d.device === kept.device)!.revoked, undefined);
  assert.is((await a.owner.call('POST', `/api/devices/${a.id}/${lost.device}/revoke`, {})).status, 409);
});

test('the owner revoking a device of their own keeps working in this browser', async () => {
  const a = await registerBusiness(env.server, { name: 'Own Revoke Shop' });
  const other = await register(a.owner, 'secret12', 'Home laptop');
  const owner = new Client(env.server.url);
  assert.is((await owner.call('POST', '/db/_session', { name: `v2_${a.username}`, password: 'secret12' })).status, 200);
  assert.is((await owner.call('POST', `/api/devices/${a.id}/${other.device}/revoke`, {})).status, 200);
  assert.is((await owner.call('GET', `/api/devices/${a.id}`)).status, 200, 'the revoke answered a fresh cookie');
  assert.is((await owner.call('GET', `/db/oja-${a.id}/_changes?since=0&limit=1`)).status, 200);
});

test('a device that logs out ends its own credential, without cutting the sessions of its user', async () => {
  const a = await registerBusiness(env.server, { name: 'Log Out Shop' });
  const leaving = await register(a.owner, 'secret12', 'Shared PC');
  const staying = await register(a.owner, 'secret12', 'Shop till');
  const till = (await renewed(env.server, a.username, staying)).device;
  const wrong = await new Client(env.server.url).call('POST', '/api/device-session/end', { username: a.username, device: leaving.device, secret: staying.secret });
  assert.is(wrong.status, 401, 'only the device itself (its secret) ends it');
  assert.is((await new Client(env.server.url).call('POST', '/api/device-session/end', { username: a.username, ...leaving })).status, 200);
  const refused = await renewed(env.server, a.username, leaving);
  assert.is(refused.res.status, 401);
  assert.is(refused.res.body.error, 'signed-out');
  assert.is((await till.call('GET', `/db/oja-${a.id}/_changes?since=0&limit=1`)).status, 200, "the user's other device is not cut");
  const row = ((await a.owner.call('GET', `/api/devices/${a.id}`)).body.docs as DeviceView[]).find((d) => d.device === leaving.device)!;
  assert.ok(row.revoked && row.signed_out);
});

test("a disabled user's device cannot renew; enabled again, it can", async () => {
  const a = await registerBusiness(env.server, { name: 'Disabled Device Shop' });
  const keeper = await addStaff(a.owner, a.id, 'Kemi Keeper', 4);
  const c = await register(keeper.client, 'staffpass');
  assert.is((await renewed(env.server, keeper.username, c)).res.status, 200);
  assert.is((await a.owner.call('POST', `/api/users/${a.id}/${keeper.username}/disable`, {}, true)).status, 200);
  const refused = await renewed(env.server, keeper.username, c);
  assert.is(refused.res.status, 401);
  assert.is(refused.res.body.error, 'disabled');
  assert.is((await a.owner.call('POST', `/api/users/${a.id}/${keeper.username}/enable`, {}, true)).status, 200);
  const { device, res } = await renewed(env.server, keeper.username, c);
  assert.is(res.status, 200);
  assert.is((await device.call('GET', `/db/oja-${a.id}/_changes?since=0&limit=1`)).status, 200);
});

test("the device list's last sync time follows the device's requests to /db", async () => {
  const a = await registerBusiness(env.server, { name: 'Seen Shop' });
  const c = await register(a.owner, 'secret12');
  const { device } = await renewed(env.server, a.username, c);
  const seenAt = async () => ((await a.owner.call('GET', `/api/devices/${a.id}`)).body.docs as DeviceView[]).find((d) => d.device === c.device)!.last_seen;
  const before = await seenAt();
  await new Promise((r) => setTimeout(r, 20));
  const res = await fetch(`${env.server.url}/db/oja-${a.id}/_changes?since=0&limit=1`, { headers: { Cookie: `AuthSession=${device.cookie}`, 'X-Oja-Device': c.device } });
  assert.is(res.status, 200);
  await res.arrayBuffer();
  const until = Date.now() + 10000;
  while ((await seenAt()) === before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.ok((await seenAt()) > before, 'last_seen moved');
});

// Embedded only: a second Oja stands in for CouchDB here; on a real one (npm run test:couchdb) every test of this
// file already runs behind COUCH_URL, and tests/couchdb/couchdb-setup.test.ts checks COUCH_SESSION_SECRET.
if (!onCouchdb) test('behind COUCH_URL the renewal works with COUCH_SESSION_SECRET; without a known secret a device is not registered (embedded only)', async () => {
  const secret = 'the-couch-cookie-secret';
  let database: TestServer | undefined, app: TestServer | undefined, blind: TestServer | undefined;
  try {
    // Two servers and a proxy hop: under load registering and signing in can outlast 2 s, so the session the
    // device then registers with would already have died (a 401 in two loaded full runs).
    database = await startServer({ ADMIN_PASSWORD: 'shared-admin-secret', SESSION_SECRET: secret, SESSION_TIMEOUT: String(PROXIED_TIMEOUT_S) });
    app = await startServer({ ADMIN_PASSWORD: 'shared-admin-secret', COUCH_URL: `${database.url}/db`, COUCH_SESSION_SECRET: secret });
    const a = await registerBusiness(app, { name: 'Proxied Device Shop' });
    const c = await register(a.owner, 'secret12');
    await waitPastTimeout(PROXIED_TIMEOUT_S);
    const { device, res } = await renewed(app, a.username, c);
    assert.is(res.status, 200, JSON.stringify(res.body));
    assert.is((await device.call('PUT', `/db/oja-${a.id}/4proxied`, { stores: 'customer', name: 'Through the proxy' })).status, 201);

    // The stand-in has no _config to read the secret from: registering says why instead of handing out a dud.
    blind = await startServer({ ADMIN_PASSWORD: 'shared-admin-secret', COUCH_URL: `${database.url}/db` });
    const b = await registerBusiness(blind, { name: 'Blind Device Shop' });
    const refused = await b.owner.call('POST', '/api/devices', { password: 'secret12' });
    assert.is(refused.status, 503);
    assert.match(refused.body.message, /COUCH_SESSION_SECRET/);
  } finally {
    for (const s of [blind, app, database]) {
      await s?.stop();
      if (s) rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
});

test.run();
