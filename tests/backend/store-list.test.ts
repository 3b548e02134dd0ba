import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { addItem } from './store-fixtures';

const DAY = 86_400_000;

test('rows with balance and stock value; out-of-stock tab and count; search over name, description and price', async () => {
  const b = await makeBackend();
  await addItem(b, { name: 'Beans', price: 1200, description: 'brown', quantity: 10 });
  await addItem(b, { name: 'Garri', price: 800, quantity: 0 });
  await addItem(b, { name: 'Rice', price: 1500.25, quantity: 4 });
  const page = ok(await b.dispatch('store-list', { offset: 0, limit: 100 }));
  assert.equal(page.rows.map((r) => [r.name, r.balance, r.stockValue]), [['Beans', 10, 12000], ['Garri', 0, 0], ['Rice', 4, 6001]]);
  assert.is(page.total, 3);
  assert.is(page.summary?.outOfStock, 1);
  assert.is(page.summary?.stockValue, 18001);
  assert.equal(ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'out' })).rows.map((r) => r.name), ['Garri']);
  assert.equal(ok(await b.dispatch('store-list', { offset: 0, limit: 100, search: 'brown' })).rows.map((r) => r.name), ['Beans']);
  assert.equal(ok(await b.dispatch('store-list', { offset: 0, limit: 100, search: '1500' })).rows.map((r) => r.name), ['Rice']);
  const byValue = ok(await b.dispatch('store-list', { offset: 0, limit: 2, sort: { key: 'stockValue', dir: 'desc' } }));
  assert.equal(byValue.rows.map((r) => r.name), ['Beans', 'Rice']);
  assert.is(byValue.total, 3);
  await b.close();
});

test('showroom splits showroom items and raw items; the warehouse selector narrows balances', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { useShowroom: true, useWarehouse: true }));
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  await addItem(b, { name: 'Chair', quantity: 3 });
  await addItem(b, { name: 'Wood', isRaw: true, quantity: 9, warehouse: depot });
  assert.equal(ok(await b.dispatch('store-list', { offset: 0, limit: 100 })).rows.map((r) => r.name), ['Chair']);
  assert.equal(ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'raw' })).rows.map((r) => r.name), ['Wood']);
  const inDepot = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'raw', warehouse: depot }));
  assert.is(inDepot.rows[0].balance, 9);
  const inMain = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'raw', warehouse: 'store' }));
  assert.is(inMain.rows[0].balance, 0);
  await b.close();
});

test('trackExpiry: closest expiry on rows; the Expiring soon tab holds batches inside the threshold', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { trackExpiry: true, expiryTreshold: 1 }));
  await addItem(b, { name: 'Milk', quantity: 5, expiry_date: T0 + 10 * DAY });
  await addItem(b, { name: 'Honey', quantity: 5, expiry_date: T0 + 300 * DAY });
  const all = ok(await b.dispatch('store-list', { offset: 0, limit: 100 }));
  assert.equal(all.rows.map((r) => [r.name, r.closestExpiry]), [['Honey', T0 + 300 * DAY], ['Milk', T0 + 10 * DAY]]);
  assert.is(all.summary?.expiring, 1);
  const soon = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'expiring' }));
  assert.equal(soon.rows.map((r) => [r.name, r.expiringQuantity]), [['Milk', 5]]);
  await b.close();
});

test('issue 39: Expiring soon follows the warehouse filter: Ikeja lists only batches bought into Ikeja, with its own quantities', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { trackExpiry: true, expiryTreshold: 1, useWarehouse: true }));
  const ikeja = ok(await b.dispatch('warehouse-create', { location: 'Ikeja' })).id;
  const milk = await addItem(b, { name: 'Milk', quantity: 5, expiry_date: T0 + 10 * DAY }); // Main store
  await addItem(b, { name: 'Yoghurt', quantity: 4, expiry_date: T0 + 12 * DAY, warehouse: ikeja });
  await addItem(b, { name: 'Bread', quantity: 6, expiry_date: T0 + 200 * DAY, warehouse: ikeja });
  const inIkeja = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'expiring', warehouse: ikeja }));
  assert.equal(inIkeja.rows.map((r) => [r.name, r.expiringQuantity, r.balance]), [['Yoghurt', 4, 4]]);
  assert.is(inIkeja.summary?.expiring, 1);
  const inMain = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'expiring', warehouse: 'store' }));
  assert.equal(inMain.rows.map((r) => [r.name, r.expiringQuantity, r.balance]), [['Milk', 5, 5]]);
  const all = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'expiring' }));
  assert.equal(all.rows.map((r) => r.name), ['Milk', 'Yoghurt']);
  // Moving Main store's milk to Ikeja takes its batch out of Main store; no batch follows it undated.
  ok(await b.dispatch('warehouse-transfer', { item: milk, from: 'store', to: ikeja, quantity: 5 }));
  const mainAfter = ok(await b.dispatch('store-list', { offset: 0, limit: 100, tab: 'expiring', warehouse: 'store' }));
  assert.equal(mainAfter.rows.map((r) => r.name), []);
  await b.close();
});

test.run();
