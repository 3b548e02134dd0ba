/**
 * The store page's pass is kept between pages (worker/items/store-pass.ts): these check that a kept pass
 * answers, and that each kind of change (a movement, an item edit, a price, an expiry, time itself) makes the
 * next page show the new counts, totals and order. Row balances are read live; the badges, totals and order
 * come from the pass, so a pass kept past a change shows up in them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { untyped } from '../../worker/db';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { line } from './ledger-fixtures';
import { addItem } from './store-fixtures';

const DAY = 86_400_000;
const page = (b: Awaited<ReturnType<typeof makeBackend>>, input: Record<string, unknown> = {}) =>
  b.dispatch('store-list', { offset: 0, limit: 100, ...input }).then(ok);

test('a kept page answers the same; a stock movement changes the next page’s counts, value and balance order', async () => {
  const b = await makeBackend();
  const beans = await addItem(b, { name: 'Beans', price: 100, quantity: 10 });
  const garri = await addItem(b, { name: 'Garri', price: 100, quantity: 0 });
  const byBalance = { sort: { key: 'balance', dir: 'desc' } };
  const first = await page(b, byBalance);
  assert.equal(await page(b, byBalance), first);
  assert.equal(first.rows.map((r) => r.name), ['Beans', 'Garri']);
  assert.is(first.summary?.outOfStock, 1);

  await untyped(b.ctx.db.main).put(line('purchase_item', 'p1', garri, 25, { price: 100 }));
  const after = await page(b, byBalance);
  assert.equal(after.rows.map((r) => [r.name, r.balance]), [['Garri', 25], ['Beans', 10]]);
  assert.is(after.summary?.outOfStock, 0);
  assert.is(after.summary?.stockValue, 3500);
  assert.equal((await page(b, { tab: 'out' })).total, 0);

  await untyped(b.ctx.db.main).put(line('sale_item', 's1', beans, 10, { factor: -1 }));
  const sold = await page(b, byBalance);
  assert.is(sold.summary?.outOfStock, 1);
  assert.equal((await page(b, { tab: 'out' })).rows.map((r) => r.name), ['Beans']);
  await b.close();
});

test('an item edit (name, price, reorder level) changes the next page’s order, value and low-stock count', async () => {
  const b = await makeBackend();
  const apple = await addItem(b, { name: 'Apple', price: 100, quantity: 3 });
  await addItem(b, { name: 'Mango', price: 200, quantity: 3 });
  assert.equal((await page(b)).rows.map((r) => r.name), ['Apple', 'Mango']);
  const byPrice = await page(b, { sort: { key: 'price', dir: 'asc' } });
  assert.equal(byPrice.rows.map((r) => r.name), ['Apple', 'Mango']);
  assert.is(byPrice.summary?.stockValue, 900);
  assert.is(byPrice.summary?.lowStock, 0);

  ok(await b.dispatch('item-update', { id: apple, name: 'Zobo', price: 500, reorderLevel: 5 }));
  assert.equal((await page(b)).rows.map((r) => r.name), ['Mango', 'Zobo']);
  const repriced = await page(b, { sort: { key: 'price', dir: 'asc' } });
  assert.equal(repriced.rows.map((r) => [r.name, r.price]), [['Mango', 200], ['Zobo', 500]]);
  assert.is(repriced.summary?.stockValue, 2100);
  assert.is(repriced.summary?.lowStock, 1);
  assert.equal((await page(b, { tab: 'low' })).rows.map((r) => r.name), ['Zobo']);
  await b.close();
});

test('an expiry arriving, and time passing, change the Expiring soon count and tab', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  ok(await b.dispatch('config-set', { trackExpiry: true, expiryTreshold: 1 }));
  await b.settled(); // the config cache refreshes from the shared feed
  await addItem(b, { name: 'Milk', quantity: 5, expiry_date: T0 + 60 * DAY });
  await addItem(b, { name: 'Honey', quantity: 5, expiry_date: T0 + 300 * DAY });
  const before = await page(b, { sort: { key: 'closestExpiry', dir: 'asc' } });
  assert.equal(before.rows.map((r) => r.name), ['Milk', 'Honey']);
  assert.is(before.summary?.expiring, 0);

  // A purchase of Honey expiring in 10 days: Honey's closest expiry moves ahead of Milk's, inside the month.
  await untyped(b.ctx.db.main).put(line('purchase_item', 'p1', (await page(b, { search: 'honey' })).rows[0]._id, 2, { expiry_date: T0 + 10 * DAY }));
  const after = await page(b, { sort: { key: 'closestExpiry', dir: 'asc' } });
  assert.equal(after.rows.map((r) => [r.name, r.closestExpiry]), [['Honey', T0 + 10 * DAY], ['Milk', T0 + 60 * DAY]]);
  assert.is(after.summary?.expiring, 1);
  assert.equal((await page(b, { tab: 'expiring' })).rows.map((r) => r.name), ['Honey']);

  // Nothing written: a month later Milk's batch is inside the horizon too.
  clock.advance(35 * DAY);
  assert.is((await page(b, { sort: { key: 'closestExpiry', dir: 'asc' } })).summary?.expiring, 2);
  assert.equal((await page(b, { tab: 'expiring' })).rows.map((r) => r.name), ['Honey', 'Milk']);
  await b.close();
});

test.run();
