/**
 * A backend (createBackend in Node, as the browser's worker) given only a device credential, no password and no
 * cookie: it signs in with it, keeps syncing after its cookie expires (a short SESSION_TIMEOUT) and after the
 * server was away longer than a session lives, and stops with 'Sign in again' once the owner revokes the device.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeviceCredential } from '../../commands/devices';
import { SYNC_SIGN_IN_AGAIN } from '../../commands/sync';
import { businessDbName } from '../../commands/session';
import { createBackend } from '../../worker/backend';
import { onCouchdb, startServer, type TestServer } from '../e2e/harness';
import { freshServer, registerBusiness, type Client } from './helpers';
import { nextEvent } from '../support/next-event';

// Short enough to outlive twice in a test, long enough that a loaded machine's sync round trips fit inside one
// session (at 2 s and load 20 the till spent whole minutes signing in again before its first pause).
const TIMEOUT_S = 4;
let env: Awaited<ReturnType<typeof freshServer>>;
let server: TestServer;
test.before(async () => {
  env = await freshServer({ SESSION_TIMEOUT: String(TIMEOUT_S) });
  server = env.server;
});
test.after(async () => {
  await server?.stop();
  await env?.stop();
});

async function onServer(owner: Client, db: string, id: string, ms = 60000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await owner.call('GET', `/db/${db}/${id}`);
    if (res.status === 200) return res.body;
    if (Date.now() > until) throw new Error(`${id} did not reach the server`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pastTimeout = () => new Promise((r) => setTimeout(r, (TIMEOUT_S + 1.5) * 1000));

test('a backend holding only a device credential keeps syncing after its cookie expires and after the server was away', async () => {
  const a = await registerBusiness(server, { name: 'Credential Sync Shop' });
  const device = (await a.owner.call('POST', '/api/devices', { password: 'secret12' })).body as DeviceCredential;
  assert.ok(device.secret);
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { username: a.username, fullname: 'Ada Obi', level: 0, business: a.id, policyPrefix: 'A' } });
  try {
    const paused = nextEvent(b, (e) => e.kind === 'sync' && e.state === 'paused');
    const started = await b.dispatch('sync-start', { remote: `${server.url}/db`, username: a.username, device });
    assert.ok(started.ok);
    await paused;
    await b.ctx.db.main.put({ _id: '4first', stores: 'customer', name: 'First' });
    assert.is((await onServer(a.owner, name, '4first')).name, 'First');

    // Idle past the session's life: the cookie is dead; the next push is refused, renewed with the credential, and goes up.
    const renewing = onCouchdb ? undefined : nextEvent(b, (e) => e.kind === 'sync' && /Signing in again/.test(e.message ?? ''));
    await pastTimeout();
    await b.ctx.db.main.put({ _id: '4second', stores: 'customer', name: 'After expiry' });
    // Apache CouchDB renews a cookie used past a tenth of its life (Set-Cookie, passed on by the proxy): the
    // till's own long-poll keeps its session alive there, so only the embedded server's cookie dies while idle.
    // The server's absence below outlives the session on both.
    await renewing;
    assert.is((await onServer(a.owner, name, '4second')).name, 'After expiry');

    // The server goes away for longer than a session lives (the till's night, or a week), then comes back.
    const { port, dataDir } = server;
    await server.stop();
    await b.ctx.db.main.put({ _id: '4third', stores: 'customer', name: 'Made offline' });
    await pastTimeout();
    server = await startServer({ PAYMENT_PROVIDER: 'fake', SESSION_TIMEOUT: String(TIMEOUT_S), PORT: String(port) }, dataDir);
    assert.is((await onServer(a.owner, name, '4third')).name, 'Made offline');
    const status = await b.dispatch('sync-status', {});
    assert.ok(status.ok && status.value.state !== 'error', JSON.stringify(status));
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test('once the owner revokes the device, its backend stops with Sign in again instead of syncing', async () => {
  // A server with sessions of the usual length: the revoke alone must stop the till, not an expired cookie.
  const usual = await freshServer();
  const server = usual.server;
  const a = await registerBusiness(server, { name: 'Revoked Sync Shop' });
  const device = (await a.owner.call('POST', '/api/devices', { password: 'secret12' })).body as DeviceCredential;
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { username: a.username, fullname: 'Ada Obi', level: 0, business: a.id, policyPrefix: 'A' } });
  try {
    const paused = nextEvent(b, (e) => e.kind === 'sync' && e.state === 'paused');
    assert.ok((await b.dispatch('sync-start', { remote: `${server.url}/db`, username: a.username, device })).ok);
    await paused;
    // Listened for before the revoke: a pull under way meets the 401 as soon as the cut-off is written, which
    // under load can come before the revoke's own answer reaches this test (the event was then missed).
    const stopped = nextEvent(b, (e) => e.kind === 'sync' && e.state === 'error');
    assert.is((await a.owner.call('POST', `/api/devices/${a.id}/${device.device}/revoke`, {})).status, 200);
    await b.ctx.db.main.put({ _id: '4late', stores: 'customer', name: 'After the revoke' });
    const e = await stopped;
    assert.is(e.kind === 'sync' && e.message, SYNC_SIGN_IN_AGAIN);
    assert.is((await a.owner.call('GET', `/db/${name}/4late`)).status, 404, 'nothing reached the server after the revoke');
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
    await usual.stop();
  }
});

test.run();
