import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { balance, failure } from './store-fixtures';
import { stored } from '../support/docs';

test('an item with a starting quantity writes the item and its stock document (item id + "-i")', async () => {
  const b = await makeBackend();
  const r = ok(await b.dispatch('item-create', { name: ' Rice 50kg ', price: '45,000', purchasePrice: 40000, description: 'Long grain', quantity: 12, expiry_date: T0 + 1e9 }));
  assert.ok(r.id.startsWith('7A'), 'item id: type prefix 7 + policy prefix');
  assert.is(r.stockId, `${r.id}-i`);
  const item = await stored(b.ctx.db.main, r.id, 'item');
  assert.is(item.stores, 'item');
  assert.is(item.name, 'Rice 50kg');
  assert.is(item.price, 45000);
  assert.is(item.purchasePrice, 40000);
  assert.is(item.user?.username, 'v2_ada');
  const stock = await stored(b.ctx.db.main, `${r.id}-i`, 'stock');
  assert.is(stock.stores, 'stock');
  assert.equal(stock.item, { name: 'Rice 50kg', id: r.id });
  assert.is(stock.quantity, 12);
  assert.is(stock.price, 40000);
  assert.is(stock.to, 'store');
  assert.is(stock.extra_notes, 'Starting stock');
  assert.is(stock.expiry_date, T0 + 1e9);
  assert.is(await balance(b, r.id), 12);
  await b.close();
});

test('no stock document when the quantity is 0 or missing', async () => {
  const b = await makeBackend();
  for (const quantity of [0, undefined, '']) {
    const r = ok(await b.dispatch('item-create', { name: 'Soap', price: 5, quantity }));
    assert.is(r.stockId, undefined);
    const missing = await b.ctx.db.main.get(`${r.id}-i`).catch((e: { status: number }) => e.status);
    assert.is(missing, 404);
    assert.is(await balance(b, r.id), 0);
  }
  await b.close();
});

test('creation failures read " {error} Error creating a new item" and write nothing', async () => {
  const b = await makeBackend();
  const cases: [object, string][] = [
    [{ name: '  ', price: 1 }, ' Item name is required. Error creating a new item'],
    [{ name: 'A', price: -1 }, ' Price cannot be negative. Error creating a new item'],
    [{ name: 'A', price: 1, quantity: -2 }, ' Starting quantity cannot be negative. Error creating a new item'],
    [{ name: 'A', price: 1, image: 'http://x/y.png' }, ' The image must be a PNG, JPEG, WebP or GIF picture. Error creating a new item'],
    [{ name: 'A', price: 1, image: 'data:image/png;base64,' + 'A'.repeat(250_000) }, ' The image is too large. Error creating a new item'],
    [{ name: 'A', price: 1, warehouse: 'd-none' }, ' Unknown warehouse. Error creating a new item'],
  ];
  for (const [input, message] of cases) {
    assert.equal(failure(await b.dispatch('item-create', input as never)), { code: 'item-create', message });
  }
  const all = await b.ctx.db.main.allDocs();
  assert.is(all.total_rows, 0);
  await b.close();
});

test('an invalid money entry becomes 0; a small image data URL is kept; a barcode must be unique', async () => {
  const b = await makeBackend();
  const image = 'data:image/png;base64,iVBORw0KGgo=';
  const r = ok(await b.dispatch('item-create', { name: 'Pen', price: 'abc', image, barcode: '12345' }));
  const item = await stored(b.ctx.db.main, r.id, 'item');
  assert.is(item.price, 0);
  assert.is(item.image, image);
  const dup = failure(await b.dispatch('item-create', { name: 'Other', price: 1, barcode: '12345' }));
  assert.is(dup.message, ' The barcode 12345 is already used. Error creating a new item');
  await b.close();
});

test('starting stock goes to the chosen warehouse', async () => {
  const b = await makeBackend();
  const wh = ok(await b.dispatch('warehouse-create', { location: 'Ikeja depot' })).id;
  const r = ok(await b.dispatch('item-create', { name: 'Oil', price: 10, quantity: 5, warehouse: wh }));
  assert.is(await balance(b, r.id, wh), 5);
  assert.is(await balance(b, r.id, 'store'), 0);
  await b.close();
});

test.run();
