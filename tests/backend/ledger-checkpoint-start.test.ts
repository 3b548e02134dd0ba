/**
 * A cold start from a checkpoint answers balances from the checkpoint's balances before its entries are
 * restored (in the background). Documents changed or deleted after the checkpoint — while no backend ran, or
 * while the entries are still loading — must count once: their old entries out, their new ones in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recompute } from '../../worker/ledger/engine';
import { openDatabases, untyped } from '../../worker/db';
import { makeBackend, ok } from './helpers';
import { entriesOf, item, line, march, type Doc } from './ledger-fixtures';

let n = 0;
const uniqueName = () => `ledger-cp-start-${process.pid}-${++n}`;
// Two entries per chunk: the checkpoint spreads over many chunks, restored one at a time.
const ledger = { checkpointChunkEntries: 2 };
const cust = { name: 'Chidi', account_ref: 'c1' };

const SEED: Doc[] = [
  item('A', 'Rice'),
  item('B', 'Beans'),
  line('purchase_item', 'p1', 'A', 10, { date: march(1), expiry_date: new Date(2026, 3, 1).getTime() }),
  line('purchase_item', 'p2', 'A', 5, { date: march(1), to: 'w1' }),
  line('purchase_item', 'p3', 'B', 8, { date: march(1) }),
  line('sale_item', 's1', 'A', 3, { factor: -1, date: march(2) }),
  line('sale_item', 's2', 'B', 2, { factor: -1, date: march(2) }),
  { _id: 'tr1', stores: 'warehouse-transfer', item: { id: 'A', name: 'Rice' }, from: { location: 'store' }, to: { location: 'w1' }, quantity: 2, date: march(3) },
  { _id: 'c1', stores: 'customer', name: 'Chidi' },
  { _id: 'sale1', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 100, amount_paid: 40, date: march(2) },
  { _id: 'pay1', stores: 'payment', client: cust, factor: -1, amount: 20, medium: 'cash', date: march(3) },
];

/** A checkpointed database, then edits made while no backend runs (as if replicated in, or by another tab). */
async function checkpointedThenEdited(): Promise<string> {
  const name = uniqueName();
  const b = await makeBackend({ name, ledger });
  await untyped(b.ctx.db.main).bulkDocs(SEED);
  await b.settled();
  await b.ctx.ledger.checkpoint();
  await b.close();

  const dbs = await openDatabases(name, 'memory');
  const get = (id: string) => dbs.main.get(id) as Promise<Doc>;
  await untyped(dbs.main).put({ ...(await get('s1')), quantity: 4 }); // edited
  const p2 = await get('p2');
  await dbs.main.remove(p2._id, p2._rev as string); // deleted
  await untyped(dbs.main).put({ ...(await get('pay1')), deleted: true }); // deleted by marker
  await untyped(dbs.main).put({ ...(await get('sale1')), amount_paid: 50 }); // edited money
  await untyped(dbs.main).put(line('purchase_item', 'p4', 'B', 1, { date: march(4) })); // new
  await Promise.all(Object.values(dbs).map((d) => d.close()));
  return name;
}

const restored = (b: { ctx: { ledger: { phases(): [string, number][] } } }) => b.ctx.ledger.phases().some(([p]) => p === 'entries restored');

test('balances are right as soon as ready() resolves, before the entries are restored', async () => {
  const b = await makeBackend({ name: await checkpointedThenEdited(), ledger });
  await b.ctx.ledger.ready();
  // Read at once, synchronously: the background restore has not run yet.
  assert.is(restored(b), false, 'the entries are still loading');
  assert.throws(() => b.ctx.ledger.expiry('A'), /entries are still loading/);
  const balances = { a: b.ctx.ledger.stock('A'), w1: b.ctx.ledger.stock('A', { warehouse: 'w1' }), b: b.ctx.ledger.stock('B'), c1: b.ctx.ledger.client('c1'), cash: b.ctx.ledger.bank('cash') };
  const snapshot = b.ctx.ledger.state().snapshot();
  assert.is(b.ctx.ledger.origin(), 'checkpoint');
  assert.equal(balances, { a: 6, w1: 2, b: 7, c1: 50, cash: 50 }); // A: 10 - 4 (s1 edited) + 0 (p2 deleted); pay1 deleted
  assert.equal(snapshot, (await recompute(b.ctx.db.main)).state.snapshot());
  await b.close();
});

test('statements and expiry are right once the entries are restored, each changed document once', async () => {
  const b = await makeBackend({ name: await checkpointedThenEdited(), ledger });
  await b.ctx.ledger.entriesReady();
  assert.ok(restored(b));
  const full = (await recompute(b.ctx.db.main)).state;
  assert.equal(entriesOf(b.ctx.ledger.state()), entriesOf(full));
  const stock = ok(await b.dispatch('stock-statement', { items: 'A', offset: 0, limit: 20 }));
  assert.equal(stock.rows.map((r) => [r.id, r.warehouse, r.balance]), [
    ['p1', 'store', 10],
    ['s1', 'store', 6],
    ['tr1', 'store', 4],
    ['tr1', 'w1', 6],
  ]);
  const client = ok(await b.dispatch('client-statement', { account: 'c1', offset: 0, limit: 20 }));
  assert.equal(client.rows.map((r) => [r.id, r.balance]), [['sale1', 50]]);
  assert.equal(b.ctx.ledger.expiry('A').batches, [{ expiry_date: new Date(2026, 3, 1).getTime(), quantity: 6 }]);
  await b.close();
});

test('changes arriving while the entries load count once, whether their chunk is restored yet or not', async () => {
  const b = await makeBackend({ name: await checkpointedThenEdited(), ledger });
  await b.ctx.ledger.ready();
  assert.is(restored(b), false);
  const main = untyped(b.ctx.db.main);
  const get = (id: string) => main.get(id) as Promise<Doc>;
  // p3 and s2 sit in chunks not restored yet; tr1 is edited twice (the second edit finds the first's entries).
  await main.put({ ...(await get('p3')), quantity: 9 });
  const s2 = await get('s2');
  await main.remove(s2._id, s2._rev as string);
  await main.put({ ...(await get('tr1')), quantity: 1 });
  await main.put({ ...(await get('tr1')), quantity: 3 });
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('B'), 10); // 9 + 1 (p4)
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'w1' }), 3);
  assert.equal(b.ctx.ledger.state().snapshot(), (await recompute(main)).state.snapshot());
  await b.ctx.ledger.entriesReady();
  assert.equal(entriesOf(b.ctx.ledger.state()), entriesOf((await recompute(main)).state));
  // A checkpoint written now starts the next session right too.
  await b.ctx.ledger.checkpoint();
  await b.close();
  const again = await makeBackend({ name: b.ctx.name, ledger });
  await again.settled();
  assert.is(again.ctx.ledger.origin(), 'checkpoint');
  assert.equal(entriesOf(again.ctx.ledger.state()), entriesOf((await recompute(again.ctx.db.main)).state));
  await again.close();
});

test('a chunk missing behind a valid head: balances answer, then the entries come from a recompute', async () => {
  const name = await checkpointedThenEdited();
  const dbs = await openDatabases(name, 'memory');
  const head = (await dbs.local.get('_local/ledger-checkpoint')) as unknown as { generation: number; chunks: number };
  assert.ok(head.chunks > 3);
  const chunk = await dbs.local.get(`_local/ledger-checkpoint-${head.generation}-2`);
  await dbs.local.remove(chunk._id, chunk._rev);
  await Promise.all(Object.values(dbs).map((d) => d.close()));

  const b = await makeBackend({ name, ledger });
  await b.ctx.ledger.entriesReady();
  assert.is(b.ctx.ledger.origin(), 'recompute');
  const full = (await recompute(b.ctx.db.main)).state;
  assert.equal(b.ctx.ledger.state().snapshot(), full.snapshot());
  assert.equal(entriesOf(b.ctx.ledger.state()), entriesOf(full));
  await b.close();
});

test.run();
