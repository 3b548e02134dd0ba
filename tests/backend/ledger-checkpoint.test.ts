/** Ledger checkpoints: a cold start reads only the changes since; missing, stale or foreign ones recompute. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ENGINE_VERSION } from '../../worker/ledger/checkpoint';
import { recompute } from '../../worker/ledger/engine';
import { openDatabases, untyped } from '../../worker/db';
import { makeBackend, ok } from './helpers';
import { item, line, march } from './ledger-fixtures';

let n = 0;
const uniqueName = () => `ledger-cp-${process.pid}-${++n}`;

async function seeded(name: string) {
  const b = await makeBackend({ name });
  await untyped(b.ctx.db.main).bulkDocs([
    item('A', 'Rice'),
    line('purchase_item', 'p1', 'A', 10, { date: march(1) }),
    line('sale_item', 's1', 'A', 3, { factor: -1, date: march(2) }),
    { _id: 'c1', stores: 'customer', name: 'Chidi' },
    { _id: 'sale1', stores: 'sale', customer: { name: 'Chidi', account_ref: 'c1', with_account: true }, total_due: 100, amount_paid: 40, date: march(2) },
  ]);
  await b.settled();
  return b;
}

/** Optionally checkpoints and rewrites its head, closes, reopens: the ledger must recompute and still be right. */
async function reopenAfter(change?: (head: Record<string, unknown>) => Record<string, unknown>) {
  const name = uniqueName();
  const b = await seeded(name);
  if (change) {
    await b.ctx.ledger.checkpoint();
    const head = await b.ctx.db.local.get('_local/ledger-checkpoint');
    await b.ctx.db.local.put({ ...head, ...change(head) } as typeof head);
  }
  await b.close();
  const again = await makeBackend({ name });
  await again.settled();
  assert.is(again.ctx.ledger.origin(), 'recompute');
  assert.is(again.ctx.ledger.stock('A'), 7);
  assert.is(again.ctx.ledger.client('c1'), 60);
  await again.close();
}

test('without a checkpoint the ledger starts from a full recompute', () => reopenAfter());

test('with a checkpoint a cold start restores sums and statement indexes and reads only the changes since', async () => {
  const name = uniqueName();
  const b = await seeded(name);
  await b.ctx.ledger.checkpoint();
  await b.close();

  // Writes made while no backend is running (as if replicated in, or by another tab).
  const dbs = await openDatabases(name, 'memory');
  const s1 = await dbs.main.get('s1');
  await untyped(dbs.main).put({ ...s1, quantity: 4 });
  await untyped(dbs.main).put(line('purchase_item', 'p2', 'A', 1, { date: march(3) }));
  await Promise.all(Object.values(dbs).map((d) => d.close()));

  const again = await makeBackend({ name });
  await again.settled();
  assert.is(again.ctx.ledger.origin(), 'checkpoint');
  assert.is(again.ctx.ledger.stock('A'), 7); // 10 - 4 + 1
  assert.is(again.ctx.ledger.client('c1'), 60);
  const statement = ok(await again.dispatch('stock-statement', { items: 'A', offset: 0, limit: 10 }));
  assert.equal(statement.rows.map((r) => [r.id, r.balance]), [
    ['p1', 10],
    ['s1', 6],
    ['p2', 7],
  ]);
  assert.equal(again.ctx.ledger.state().snapshot(), (await recompute(again.ctx.db.main)).state.snapshot());
  await again.close();
});

test('the head holds only strings and numbers (stored once by the IndexedDB adapter)', async () => {
  const b = await seeded(uniqueName());
  await b.ctx.ledger.checkpoint();
  const head = (await b.ctx.db.local.get('_local/ledger-checkpoint')) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(head)) assert.ok(typeof value === 'string' || typeof value === 'number', `${key} is a ${typeof value}`);
  await b.close();
});

test('a head of the earlier layout (warehouses and first ids as arrays) is still read', async () => {
  const name = uniqueName();
  const b = await seeded(name);
  await b.ctx.ledger.checkpoint();
  const head = (await b.ctx.db.local.get('_local/ledger-checkpoint')) as unknown as Record<string, unknown>;
  const arrays = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);
  await b.ctx.db.local.put({ ...head, warehouses: arrays(head.warehouses), firstIds: arrays(head.firstIds) } as never);
  await b.close();

  const again = await makeBackend({ name });
  await again.settled();
  assert.is(again.ctx.ledger.origin(), 'checkpoint');
  assert.is(again.ctx.ledger.stock('A'), 7);
  assert.is(again.ctx.ledger.client('c1'), 60);
  await again.ctx.ledger.entriesReady();
  assert.equal(again.ctx.ledger.state().snapshot(), (await recompute(again.ctx.db.main)).state.snapshot());
  const statement = ok(await again.dispatch('stock-statement', { items: 'A', offset: 0, limit: 10 }));
  assert.equal(statement.rows.map((r) => [r.id, r.balance]), [
    ['p1', 10],
    ['s1', 7],
  ]);
  await again.close();
});

test('a checkpoint written by another engine version is not trusted', () => reopenAfter(() => ({ version: ENGINE_VERSION + 1 })));

test('a stale checkpoint (ahead of the database) is not trusted', () => reopenAfter(() => ({ seq: 10_000 })));

test('a checkpoint of another database (a destroyed and recreated one) is not trusted', () => reopenAfter(() => ({ dbId: 'another-uuid' })));

test('a checkpoint with a missing chunk is not trusted', () => reopenAfter((head) => ({ chunks: Number(head.chunks) + 1 })));

test('a checkpoint is written by itself a little after changes stop', async () => {
  const name = uniqueName();
  const b = await makeBackend({ name, ledger: { checkpointDelayMs: 10 } });
  await untyped(b.ctx.db.main).put(line('purchase_item', 'p1', 'A', 5));
  await b.settled();
  const head = await waitFor(() => b.ctx.db.local.get('_local/ledger-checkpoint').catch(() => undefined));
  assert.ok((head as unknown as { seq: number }).seq >= 1);
  await b.close();
});

/** Polls until `probe` answers, for up to 60 s (the browser tests' limit): 500 polls of 5 ms gave a loaded machine only about 2.5 s. */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const limit = Date.now() + 60_000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > limit) throw new Error('condition not met within 60 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

test.run();
