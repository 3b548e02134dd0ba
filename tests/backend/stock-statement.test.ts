/** stock-statement: one item or several (ids joined by '--', Item column), per warehouse, range and opening. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STATEMENT_NOT_FOUND } from '../../commands/ledger';
import { ok } from './helpers';
import { backendWith, item, line, march } from './ledger-fixtures';

const docs = [
  item('A', 'Rice'),
  item('B', 'Beans'),
  { _id: 'A-i', stores: 'stock', item: { id: 'A', name: 'Rice' }, quantity: 5, price: 10, extra_notes: 'Starting stock', date: march(1) },
  line('purchase_item', 'p1', 'A', 10, { date: march(2), transaction: { ref: 'pu1', invoice: 'P1', summary: 'Purchase of Rice' } }),
  line('purchase_item', 'p2', 'B', 4, { date: march(3) }),
  line('sale_item', 's1', 'A', 3, { factor: -1, date: march(5), transaction: { ref: 'sale1', invoice: 'A0001', summary: 'Sale of Rice', client: 'Chidi' } }),
  { _id: 't1', stores: 'warehouse-transfer', from: { location: 'store', value: 'Main store' }, to: { location: 'w1', value: 'Back room' }, item: { id: 'A', name: 'Rice' }, quantity: 2, date: march(6) },
  line('sale_item', 's2', 'B', 1, { factor: -1, date: march(7) }),
];

test('one item: its movements with in (debit), out (credit) and the running balance', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('stock-statement', { items: 'A', offset: 0, limit: 100 }));
  assert.equal(page.rows.map((r) => [r.id, r.warehouse, r.debit, r.credit, r.balance]), [
    ['A-i', 'store', 5, 0, 5],
    ['p1', 'store', 10, 0, 15],
    ['s1', 'store', 0, 3, 12],
    ['t1', 'store', 0, 2, 10],
    ['t1', 'w1', 2, 0, 12],
  ]);
  assert.is(page.rows[0].description, 'Starting stock');
  assert.is(page.rows[2].description, 'Sale of Rice');
  assert.is(page.rows[2].ref, 'sale1');
  assert.is(page.rows[2].invoice, 'A0001');
  assert.is(page.rows[3].description, 'Transfer from Main store to Back room');
  assert.equal(page.rows[0].item, { id: 'A', name: 'Rice' });
  await b.close();
});

test('one warehouse only, with a date range and opening balance', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('stock-statement', { items: 'A', warehouse: 'store', offset: 0, limit: 100, range: { from: march(5), to: march(6) } }));
  assert.is(page.opening, 15);
  assert.equal(page.rows.map((r) => [r.id, r.balance]), [
    ['s1', 12],
    ['t1', 10],
  ]);
  assert.is(page.closing, 10);
  assert.equal(page.items, [{ id: 'A', name: 'Rice', opening: 15, closing: 10 }]);
  await b.close();
});

test('several items joined by two hyphens: merged by date with each row naming its item', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('stock-statement', { items: 'A--B', offset: 0, limit: 100, range: { from: march(3), to: march(7) } }));
  assert.equal(page.rows.map((r) => [r.item.name, r.id, r.balance]), [
    ['Beans', 'p2', 4],
    ['Rice', 's1', 12],
    ['Rice', 't1', 10],
    ['Rice', 't1', 12],
    ['Beans', 's2', 3],
  ]);
  // Issue 39: each item keeps its own balances; rice and beans never add up to one.
  assert.equal(page.items, [
    { id: 'A', name: 'Rice', opening: 15, closing: 12 },
    { id: 'B', name: 'Beans', opening: 0, closing: 3 },
  ]);
  assert.equal([page.opening, page.closing], [undefined, undefined]);
  const list = ok(await b.dispatch('stock-statement', { items: ['A', 'B'], offset: 5, limit: 2 }));
  assert.equal(list.rows.map((r) => r.id), ['t1', 's2']);
  assert.is(list.total, 7);
  await b.close();
});

test('unknown items are not found', async () => {
  const b = await backendWith(docs);
  const reply = await b.dispatch('stock-statement', { items: 'X--Y', offset: 0, limit: 10 });
  assert.equal(reply, { ok: false, error: { code: 'not-found', message: STATEMENT_NOT_FOUND } });
  await b.close();
});

test.run();
