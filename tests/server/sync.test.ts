/**
 * Worker sync against a real server: live push and pull for the three databases, and re-login when the
 * session cookie expires (a short SESSION_TIMEOUT), after which what was made meanwhile is pushed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SyncEvent } from '../../commands/events';
import { businessDbName } from '../../commands/session';
import { createBackend } from '../../worker/backend';
import { freshServer, registerBusiness, type Client } from './helpers';
import { checked, seedDocs } from '../support/seed';
import { nextEvent } from '../support/next-event';

const TIMEOUT_S = 2;
let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer({ SESSION_TIMEOUT: String(TIMEOUT_S) });
});
test.after(async () => {
  await env?.stop();
});

/** Polls until `read` answers something, or fails after `ms`. */
async function waitFor<T>(read: () => Promise<T | undefined>, ms = 60000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('did not happen in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls the server (as the owner) until the document is there. */
async function onServer(owner: Client, db: string, id: string, ms = 60000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await owner.call('GET', `/db/${db}/${id}`);
    if (res.status === 200) return res.body;
    if (Date.now() > until) throw new Error(`${id} did not reach the server`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('live sync pushes and pulls, and resumes by itself after the session expires', async () => {
  const a = await registerBusiness(env.server, { name: 'Sync Shop' });
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { username: a.username, fullname: 'Ada Obi', level: 0, business: a.id, policyPrefix: 'A' } });
  const events: SyncEvent[] = [];
  b.subscribe((e) => e.kind === 'sync' && events.push(e));
  try {
    const paused = nextEvent(b, (e) => e.kind === 'sync' && e.state === 'paused');
    const started = await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'secret12' });
    assert.ok(started.ok);
    await paused;
    // sync-status tells where each database's replication is, and what happened to it lately.
    const status = await b.dispatch('sync-status', {});
    assert.ok(status.ok);
    assert.equal(status.value.lanes, { main: 'paused', shared: 'paused', denormalized: 'paused' });
    assert.ok(['main', 'shared', 'denormalized'].every((kind) => status.value.recent?.some((line) => line.endsWith(`${kind} connect`))), String(status.value.recent));
    // Pulled: the shared documents the server made at registration.
    const plan = await waitFor(() => b.ctx.db.shared.get('current-plan').catch(() => undefined));
    assert.is((plan as unknown as { name: string }).name, 'Trial');

    await b.ctx.db.main.put({ _id: '4one', stores: 'customer', name: 'First' });
    assert.is((await onServer(a.owner, name, '4one')).name, 'First');
    // Pushed from the server side and pulled into the worker.
    await a.owner.call('PUT', `/db/${name}/4two`, { stores: 'customer', name: 'From server' });
    const pulled = nextEvent(b, (e) => e.kind === 'changed' && e.ids.includes('4two'));
    await pulled;
    // Pulled documents were never this device's to push: the unpushed count settles at zero.
    await waitFor(async () => {
      const r = await b.dispatch('sync-pending', {});
      return r.ok && r.value.pending === 0 ? true : undefined;
    });

    // The condition under test is time itself: let the AuthSession cookie outlive its timeout.
    await new Promise((r) => setTimeout(r, (TIMEOUT_S + 1.5) * 1000));
    const relogin = nextEvent(b, (e) => e.kind === 'sync' && /Signing in again/.test(e.message ?? ''));
    await b.ctx.db.main.put({ _id: '4three', stores: 'customer', name: 'Made meanwhile' });
    await relogin;
    assert.is((await onServer(a.owner, name, '4three')).name, 'Made meanwhile');
    const pending = await b.dispatch('sync-pending', {});
    assert.ok(pending.ok);
    // Every sync event carries a count of unpushed changes.
    assert.ok(events.every((e) => typeof e.pending === 'number'));
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test('a wrong password stops sync with a message instead of retrying forever', async () => {
  const a = await registerBusiness(env.server, { name: 'Wrong Shop' });
  const b = await createBackend({ adapter: 'memory', name: businessDbName(a.id), user: null });
  try {
    const res = await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'not-the-password' });
    assert.ok(res.ok);
    if (res.ok) {
      assert.is(res.value.state, 'error');
      assert.is(res.value.message, 'Sign in again to resume sync');
    }
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test('documents made while not synced count as pending, and reach the server once sync starts', async () => {
  const a = await registerBusiness(env.server, { name: 'Pending Shop' });
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: null });
  try {
    await seedDocs(b.ctx.db.main, [{ _id: '4p1', stores: 'customer', name: 'P1' }, { _id: '4p2', stores: 'customer', name: 'P2' }]);
    const before = await b.dispatch('sync-pending', {});
    assert.equal(before, { ok: true, value: { pending: 2 } });
    const paused = nextEvent(b, (e) => e.kind === 'sync' && e.state === 'paused' && e.pending === 0);
    checked('sync-start', await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'secret12' }));
    await paused;
    await onServer(a.owner, name, '4p2');
    assert.equal(await b.dispatch('sync-pending', {}), { ok: true, value: { pending: 0 } });
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test.run();
