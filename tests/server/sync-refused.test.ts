/**
 * Nothing the server refuses is silent: a till's change the server does not accept is counted on the badge's
 * event, listed with the server's reason, and does not stay on the till as if it had happened — a refused
 * deletion puts the server's version back on the till; a document the server never had stays, listed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { businessDbName } from '../../commands/session';
import { createBackend, type NodeBackend } from '../../worker/backend';
import { freshServer, registerBusiness, type Client } from './helpers';
import { checked } from '../support/seed';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 60000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`${what} did not happen in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const onServer = (owner: Client, path: string) => until(async () => ((await owner.call('GET', path)).status === 200 ? true : undefined), `${path} on the server`);

test('a deletion the server refuses is listed with its reason, and the document is back on the till', async () => {
  const a = await registerBusiness(env.server, { name: 'Refused Shop' });
  const name = businessDbName(a.id);
  const b: NodeBackend = await createBackend({ adapter: 'memory', name, user: { ...a.user } });
  const refusedCounts: number[] = [];
  b.subscribe((e: BackendEvent) => e.kind === 'sync' && e.refused !== undefined && refusedCounts.push(e.refused));
  try {
    checked('sync-start', await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'secret12' }));
    const expense = { _id: 'aArent', stores: 'expense', amount: 1200, source: 'cash', description: 'Shop rent', date: Date.now(), user: { username: a.username, fullname: 'Ada Obi' } };
    const made = await b.ctx.db.main.put(expense as never);
    await onServer(a.owner, `/db/${name}/aArent`);
    // The server's delete policy is the default, 'none': it refuses the deletion the till made.
    await b.ctx.db.main.remove('aArent', made.rev);
    const listed = await until(async () => {
      const r = checked('sync-refusals', await b.dispatch('sync-refusals', {}));
      return r.refusals.length ? r.refusals : undefined;
    }, 'the refusal');
    assert.is(listed.length, 1);
    assert.is(listed[0].id, 'aArent');
    assert.is(listed[0].change, 'deleted');
    assert.is(listed[0].outcome, 'restored');
    assert.match(listed[0].reason, /delet/i);
    assert.match(listed[0].label, /Shop rent/);
    // Back on the till, as on the server.
    const back = await until(() => b.ctx.db.main.get('aArent').then((d) => d as unknown as { description: string }, () => undefined), 'the expense back on the till');
    assert.is(back.description, 'Shop rent');
    assert.is((await a.owner.call('GET', `/db/${name}/aArent`)).status, 200);
    await until(async () => (refusedCounts.includes(1) ? true : undefined), 'a sync event counting the refusal');
    const status = checked('sync-status', await b.dispatch('sync-status', {}));
    assert.is(status.refused, 1);

    // Read and dismissed: off the list and off the count.
    const after = checked('sync-refusal-dismiss', await b.dispatch('sync-refusal-dismiss', { key: listed[0].key }));
    assert.is(after.refusals.length, 0);
    await until(async () => (refusedCounts[refusedCounts.length - 1] === 0 ? true : undefined), 'the count back at 0');
    // The restored revision went up without a new refusal.
    const final = checked('sync-refusals', await b.dispatch('sync-refusals', {}));
    assert.is(final.refusals.length, 0);
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test('a document the server never had stays on the till, listed as not accepted', async () => {
  const a = await registerBusiness(env.server, { name: 'Kept Shop' });
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { ...a.user } });
  try {
    checked('sync-start', await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'secret12' }));
    // Only the server writes SMS credits.
    await b.ctx.db.shared.put({ _id: 'sms-credit-forged', stores: 'sms-credit', units: 1000 } as never);
    const listed = await until(async () => {
      const r = checked('sync-refusals', await b.dispatch('sync-refusals', {}));
      return r.refusals.length ? r.refusals : undefined;
    }, 'the refusal');
    assert.is(listed[0].database, 'shared');
    assert.is(listed[0].change, 'made');
    assert.is(listed[0].outcome, 'kept');
    assert.ok(await b.ctx.db.shared.get('sms-credit-forged'));
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test.run();
