/**
 * Reorder levels: the store's Low stock tab and count ('store-list', tab 'low') and the 'reorder-list' at the
 * boundaries (level equal, one above, zero stock), per warehouse, live after a stock movement, and the level's
 * validation (a number of 0 or more; empty clears it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem, failure } from './store-fixtures';
import type { NodeBackend } from '../../worker/backend';

const lowNames = async (b: NodeBackend, warehouse?: string) => ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'low', warehouse })).rows.map((r) => r.name);
const lowCount = async (b: NodeBackend, warehouse?: string) => ok(await b.dispatch('store-list', { offset: 0, limit: 1, warehouse })).summary?.lowStock;

test('Low stock: at the level counts, one above does not, zero stock is out of stock, no level is never low', async () => {
  const b = await makeBackend();
  await addItem(b, { name: 'At level', quantity: 5, reorderLevel: 5 });
  await addItem(b, { name: 'One above', quantity: 6, reorderLevel: 5 });
  await addItem(b, { name: 'One below', quantity: 4, reorderLevel: '5' });
  await addItem(b, { name: 'Empty', quantity: 0, reorderLevel: 5 });
  await addItem(b, { name: 'No level', quantity: 1 });
  await addItem(b, { name: 'Level zero', quantity: 1, reorderLevel: 0 });
  assert.equal(await lowNames(b), ['At level', 'One below']);
  assert.is(await lowCount(b), 2);
  assert.is(ok(await b.dispatch('store-list', { offset: 0, limit: 1 })).summary?.outOfStock, 1);

  // The reorder list adds what ran out (it has a level), suggesting enough to reach twice the level.
  const list = ok(await b.dispatch('reorder-list', {}));
  assert.equal(list.map((r) => [r.name, r.balance, r.level, r.quantity, r.purchasePrice]), [
    ['At level', 5, 5, 5, 80],
    ['Empty', 0, 5, 10, 80],
    ['One below', 4, 5, 6, 80],
  ]);
  await b.close();
});

test('a sale that brings stock down to the level puts the item on the list; clearing the level takes it off', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Soap', quantity: 11, reorderLevel: 10 });
  assert.equal(await lowNames(b), []);
  ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id, name: 'Soap', price: 100, quantity: 1 }], amount_paid: 100 }));
  assert.equal(await lowNames(b), ['Soap']);
  assert.equal(ok(await b.dispatch('item-get', { id }))?.reorderLevel, 10);
  ok(await b.dispatch('item-update', { id, reorderLevel: '' }));
  assert.equal(await lowNames(b), []);
  assert.is(ok(await b.dispatch('item-get', { id }))?.reorderLevel, undefined);
  await b.close();
});

test('per warehouse: a warehouse level compares that warehouse stock alone; the item level the total', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { useWarehouse: true }));
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  const id = await addItem(b, { name: 'Oil', quantity: 10, reorderLevel: 12, reorderLevels: { store: 3, [depot]: 4 } });
  ok(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: depot, quantity: 7 }));
  // Main store 3 (its level 3: low), depot 7 (level 4: not low), total 10 (level 12: low).
  assert.equal(await lowNames(b, 'store'), ['Oil']);
  assert.equal(await lowNames(b, depot), []);
  assert.equal(await lowNames(b), ['Oil']);
  assert.is(await lowCount(b, depot), 0);
  assert.equal(ok(await b.dispatch('reorder-list', { warehouse: 'store' })).map((r) => [r.balance, r.level, r.quantity]), [[3, 3, 3]]);
  assert.equal(ok(await b.dispatch('reorder-list', { warehouse: depot })), []);
  // A warehouse without its own level is never low there, whatever the item's level.
  const other = ok(await b.dispatch('warehouse-create', { location: 'Shop 2' })).id;
  ok(await b.dispatch('warehouse-transfer', { item: id, from: depot, to: other, quantity: 1 }));
  assert.equal(await lowNames(b, other), []);
  await b.close();
});

test('a reorder level must be a number of 0 or more; nothing is saved otherwise', async () => {
  const b = await makeBackend();
  assert.match(failure(await b.dispatch('item-create', { name: 'Bad', price: 1, reorderLevel: -1 })).message, 'The reorder level must be a number of 0 or more.');
  assert.match(failure(await b.dispatch('item-create', { name: 'Bad', price: 1, reorderLevel: 'ten' })).message, 'The reorder level must be a number of 0 or more.');
  const id = await addItem(b, { name: 'Good', quantity: 1, reorderLevel: 2 });
  const message = failure(await b.dispatch('item-update', { id, reorderLevels: { store: -3 } })).message;
  assert.is(message, 'The reorder level must be a number of 0 or more. Error occurred while updating item information');
  assert.equal(ok(await b.dispatch('item-get', { id }))?.reorderLevels, undefined);
  assert.is(ok(await b.dispatch('item-search', { query: '' })).total, 1);
  await b.close();
});

test.run();
