/**
 * Units of measure beyond sale and purchase (issue 28): returns, damaged goods, warehouse transfers, issue out and
 * receive in a pack unit move quantity × factor base units; the document records the unit and its factor.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { addItem, balance, failure } from './store-fixtures';
import { stored } from '../support/docs';
import type { NodeBackend } from '../../worker/backend';

const UNITS = { unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800 }] };

/** Indomie with 240 pieces (10 cartons) of starting stock, cost ₦175 a piece. */
const indomie = (b: NodeBackend) => addItem(b, { name: 'Indomie', price: 220, purchasePrice: 175, quantity: 240, ...UNITS });

test('returns and damaged goods in cartons', async () => {
  const b = await makeBackend();
  const id = await indomie(b);
  // A customer brings back 1 carton: +24 pieces, refunded at the carton price (₦4,800).
  const back = ok(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 1, unit: 'carton', client: { name: 'Ada' } }));
  assert.is(back.amount, -4800);
  const doc = await stored(b.ctx.db.main, back.id, 'good-returns');
  assert.is(doc.unit, 'carton');
  assert.is(doc.unit_factor, 24);
  assert.is(await balance(b, id), 264);
  // 2 cartons back to the supplier at cost: 24 × 175 = ₦4,200 each; −48 pieces.
  const out = ok(await b.dispatch('return-create', { kind: 'supplier', item: id, quantity: 2, unit: 'carton', client: { name: 'Dangote' } }));
  assert.is(out.amount, 8400);
  assert.is(await balance(b, id), 216);
  // 9 cartons are 216 pieces: exactly what is left; 10 are too many, said in cartons.
  assert.is(
    failure(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 10, unit: 'carton' })).message,
    'There are only 9 Indomie (carton) left, hence you cannot remove upto 10',
  );
  ok(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 1, unit: 'carton' }));
  assert.is(await balance(b, id), 192);
  assert.is(failure(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 1, unit: 'bag' })).message, 'Indomie has no unit bag.');
  await b.close();
});

test('a warehouse transfer in cartons moves 24 pieces each', async () => {
  const b = await makeBackend();
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  const id = await indomie(b);
  const t = ok(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: depot, quantity: 3, unit: 'carton' }));
  const doc = await stored(b.ctx.db.main, t.id, 'warehouse-transfer');
  assert.is(doc.unit_factor, 24);
  assert.is(await balance(b, id, 'store'), 168);
  assert.is(await balance(b, id, depot), 72);
  assert.is(
    failure(await b.dispatch('warehouse-transfer', { item: id, from: depot, to: 'store', quantity: 4, unit: 'carton' })).message,
    'There are only 3 Indomie (carton) left in Depot, hence you cannot transfer upto 4',
  );
  await b.close();
});

test('issue out and receive in cartons', async () => {
  const b = await makeBackend();
  const id = await indomie(b);
  const issue = ok(
    await b.dispatch('issue-create', {
      direction: 'issue-out',
      collector: { name: 'Musa' },
      date: T0,
      items: [{ id, name: 'Indomie', quantity: 2, unit: 'carton', price: 0 }],
    }),
  );
  const doc = await stored(b.ctx.db.main, issue.id, 'issue');
  assert.is(doc.items[0].unit, 'carton');
  assert.is(doc.items[0].unit_factor, 24);
  assert.is(doc.total_quantity, 48);
  assert.is(await balance(b, id), 192);
  ok(await b.dispatch('issue-create', { direction: 'receive', collector: { name: 'Musa' }, date: T0, items: [{ id, name: 'Indomie', quantity: 1, unit: 'carton', price: 0 }, { id, name: 'Indomie', quantity: 3, price: 0 }] }));
  assert.is(await balance(b, id), 219);
  await b.close();
});

test.run();
