/** Stock balances from movement documents (document 000 'Stock balance rules'), hand-computed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { T0 } from './helpers';
import { backendWith, line } from './ledger-fixtures';
import { untyped } from '../../worker/db';

test('each movement kind with its sign, in the Main store by default', async () => {
  const b = await backendWith([
    line('purchase_item', 'p1', 'A', 10), // +10
    line('sale_item', 's1', 'A', 3, { factor: -1 }), // -3
    line('issue_item', 'i1', 'A', 2, { factor: -1 }), // issue-out -2
    line('issue_item', 'i2', 'A', 4, { factor: 1 }), // receive (Production) +4
    { _id: 'A-i', stores: 'stock', item: { id: 'A', name: 'A' }, quantity: 5, price: 10, date: T0, extra_notes: 'Starting stock' }, // +5
    { _id: 'r1', stores: 'good-returns', item: { id: 'A', name: 'A', rate: 10 }, quantity: 1, amount: -10, date: T0 }, // customer return +1
    { _id: 'r2', stores: 'good-returns', item: { id: 'A', name: 'A', rate: 10 }, quantity: -2, amount: 20, date: T0 }, // supplier return -2
    { _id: 'd1', stores: 'damaged-goods', item: { id: 'A', name: 'A' }, quantity: -1, date: T0 }, // -1
  ]);
  // 10 - 3 - 2 + 4 + 5 + 1 - 2 - 1 = 12
  assert.is(b.ctx.ledger.stock('A'), 12);
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'store' }), 12);
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'w1' }), 0);
  assert.is(b.ctx.ledger.stock('nothing'), 0);
  await b.close();
});

test('a sale line without a stored factor still subtracts; an issue line defaults to issue-out', async () => {
  const b = await backendWith([line('purchase_item', 'p1', 'A', 10), line('sale_item', 's1', 'A', 3), line('issue_item', 'i1', 'A', 1)]);
  assert.is(b.ctx.ledger.stock('A'), 6);
  await b.close();
});

test('per warehouse: lines land in their `to` location; a transfer moves stock from source to destination', async () => {
  const b = await backendWith([
    line('purchase_item', 'p1', 'A', 10), // store +10
    line('purchase_item', 'p2', 'A', 7, { to: 'w1' }), // w1 +7
    line('sale_item', 's1', 'A', 2, { factor: -1, to: 'w1' }), // w1 -2
    { _id: 't1', stores: 'warehouse-transfer', from: { location: 'store', value: 'Main store' }, to: { location: 'w2', value: 'Back room' }, item: { id: 'A', name: 'A' }, quantity: 4, date: T0 },
    { _id: 'd1', stores: 'damaged-goods', item: { id: 'A', name: 'A' }, quantity: -1, to: 'w2', date: T0 },
  ]);
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'store' }), 6); // 10 - 4
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'w1' }), 5); // 7 - 2
  assert.is(b.ctx.ledger.stock('A', { warehouse: 'w2' }), 3); // 4 - 1
  assert.is(b.ctx.ledger.stock('A'), 14); // the transfer nets to zero over all warehouses
  await b.close();
});

test('variants are items: each keeps its own balance', async () => {
  const b = await backendWith([
    line('purchase_item', 'p1', 'shirt-red', 4, { group: 'Shirt', variant: 'shirt-red' }),
    line('purchase_item', 'p2', 'shirt-blue', 6, { group: 'Shirt', variant: 'shirt-blue' }),
    line('sale_item', 's1', 'shirt-blue', 1, { factor: -1 }),
  ]);
  assert.is(b.ctx.ledger.stock('shirt-red'), 4);
  assert.is(b.ctx.ledger.stock('shirt-blue'), 5);
  await b.close();
});

test('edits replace the old contribution; deletions stop counting; delete_pending still counts', async () => {
  const b = await backendWith([line('purchase_item', 'p1', 'A', 10), line('sale_item', 's1', 'A', 3, { factor: -1 }), line('sale_item', 's2', 'A', 1, { factor: -1 })]);
  const db = b.ctx.db.main;
  assert.is(b.ctx.ledger.stock('A'), 6);

  const p1 = await db.get('p1');
  await db.put({ ...p1, quantity: 12 }); // edit quantity: 12 - 3 - 1
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('A'), 8);

  const s1 = await db.get('s1');
  await db.put({ ...s1, id: 'B' }); // the line now belongs to another item
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('A'), 11);
  assert.is(b.ctx.ledger.stock('B'), -3);

  const s2 = await db.get('s2');
  await db.put({ ...s2, delete_pending: true }); // still counts until accepted
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('A'), 11);

  await db.put({ ...(await db.get('s2')), _deleted: true, deletedBy: { username: 'x', fullname: 'X' } }); // deleted with fields
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('A'), 12);

  await db.remove(await db.get('s1')); // a tombstone without fields
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('B'), 0);

  await db.put({ ...(await db.get('p1')), deleted: true }); // a 'deleted' marker also stops it counting
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock('A'), 0);
  await b.close();
});

test('fractional quantities add up exactly', async () => {
  const b = await backendWith([line('purchase_item', 'p1', 'rice', 0.1), line('purchase_item', 'p2', 'rice', 0.2), line('sale_item', 's1', 'rice', 0.3, { factor: -1 })]);
  assert.is(b.ctx.ledger.stock('rice'), 0);
  await b.close();
});

test('stockColumn answers stock() for a list of items, after a balance moves and after an item gets its first account', async () => {
  const b = await backendWith([line('purchase_item', 'p1', 'A', 10), line('purchase_item', 'p2', 'C', 3, { to: 'w2' })]);
  const items = [{ _id: 'A' }, { _id: 'B' }, { _id: 'C' }];
  const column = (warehouse?: string) => [...b.ctx.ledger.stockColumn(items, warehouse)];
  const stock = (warehouse?: string) => items.map((i) => b.ctx.ledger.stock(i._id, warehouse ? { warehouse } : undefined));
  assert.equal(column(), [10, 0, 3]);
  assert.equal(column('w2'), stock('w2'));
  assert.equal(column('w2'), [0, 0, 3]);
  // The same list again: the accounts kept from the first call, their balances read now.
  await untyped(b.ctx.db.main).bulkDocs([line('sale_item', 's1', 'A', 4, { factor: -1 }), line('purchase_item', 'p3', 'B', 7)]);
  await b.ctx.ledger.ready();
  assert.equal(column(), [6, 7, 3]); // B's account was opened after the first call
  assert.equal(column(), stock());
  await b.close();
});

test.run();
