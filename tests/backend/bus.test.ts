import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { domain } from '../../worker/registry';
import { makeBackend, ok } from './helpers';
import { untyped } from '../../worker/db';

test('registering a command name twice throws', async () => {
  const dup = domain({ 'backend-info': () => ({ version: 'x', name: 'x', adapter: 'x' }) });
  let error: unknown;
  try {
    await makeBackend({ domains: [dup] });
  } catch (e) {
    error = e;
  }
  assert.instance(error, Error);
  assert.match(String(error), /registered twice: backend-info/);
});

test('a user error comes back as a value with its message, and nothing is written', async () => {
  const b = await makeBackend();
  const reply = await b.dispatch('config-set', { useWarehouse: true, currency: 'euro' as never });
  assert.equal(reply, { ok: false, error: { code: 'invalid-config', message: 'Currency: choose one of ₦ Naira, ¥ Yen, £ Pound, ₹ Rupee, $ Dollar' } });
  const config = ok(await b.dispatch('config-get', {}));
  assert.is(config.useWarehouse, false, 'the valid key in the same call was not written either');
  await b.close();
});

test('an unknown command is an error value, not a throw', async () => {
  const b = await makeBackend();
  const reply = await b.dispatch('no-such-command' as 'backend-info', {});
  assert.equal(reply, { ok: false, error: { code: 'unknown-command', message: 'Unknown command: no-such-command' } });
  await b.close();
});

test('writes run one at a time, in order', async () => {
  const log: string[] = [];
  const slow = domain(
    {
      'backend-info': async () => {
        log.push('start');
        await new Promise((r) => setTimeout(r, 20));
        log.push('end');
        return { version: '', name: '', adapter: '' };
      },
    },
    { writes: ['backend-info'] },
  );
  const { Registry } = await import('../../worker/registry');
  const registry = new Registry();
  registry.add(slow);
  const b = await makeBackend();
  await Promise.all([registry.run('backend-info', {}, b.ctx), registry.run('backend-info', {}, b.ctx)]);
  assert.equal(log, ['start', 'end', 'start', 'end']);
  await b.close();
});

test('a bulk write publishes changed events naming its types and ids, batched', async () => {
  const b = await makeBackend();
  const events: BackendEvent[] = [];
  b.subscribe((e) => events.push(e));
  const docs = Array.from({ length: 50 }, (_, i) => ({ _id: `x${i}`, stores: i % 2 ? 'item' : 'sale' }));
  await untyped(b.ctx.db.main).bulkDocs(docs);
  await b.settled();
  const changed = events.flatMap((e) => (e.kind === 'changed' ? [e] : []));
  assert.ok(changed.length >= 1 && changed.length <= 5, `50 documents made ${changed.length} events`);
  assert.equal([...new Set(changed.flatMap((e) => e.types))].sort(), ['item', 'sale']);
  assert.equal(new Set(changed.flatMap((e) => e.ids)).size, 50);
  await b.close();
});

test('backend-info answers with the app version', async () => {
  const b = await makeBackend();
  const info = ok(await b.dispatch('backend-info', {}));
  assert.is(info.version, '2.6.5');
  assert.is(info.adapter, 'memory');
  await b.close();
});

test.run();
