/**
 * Price levels (issue 28) through the commands: levels in settings (bounded), an item's price per level, a sale
 * at a level, the fallback to retail, quantity breaks, a customer's default level, and the Sold list and profit
 * using the price charged. Figures by hand:
 *   Indomie: retail ₦220, Wholesale ₦200 (from 12 by itself), Distributor ₦180; cost ₦150; 100 in stock.
 *   Milo:    retail ₦1,000, no level prices; cost ₦800; 20 in stock.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PriceLevel } from '../../commands/lib/price-levels';
import { makeBackend, ok } from './helpers';
import { configure } from './sales-fixtures';
import { stored } from '../support/docs';

const WHOLESALE: PriceLevel = { id: 'wholesale', name: 'Wholesale', minQuantity: 12 };
const DISTRIBUTOR: PriceLevel = { id: 'distributor', name: 'Distributor' };

async function shop() {
  const b = await makeBackend();
  await configure(b, { priceLevels: [WHOLESALE, DISTRIBUTOR], profitVisibility: 'everyone' });
  const indomie = ok(await b.dispatch('item-create', { name: 'Indomie', price: 220, purchasePrice: 150, quantity: 100, levelPrices: { wholesale: '200', distributor: 180 } })).id;
  const milo = ok(await b.dispatch('item-create', { name: 'Milo', price: 1000, purchasePrice: 800, quantity: 20 })).id;
  await b.settled();
  return { b, indomie, milo };
}

const walkIn = { with_account: false, name: 'Walk-in' };

test('levels in settings: stored, and refused past their bounds with a message naming the rule', async () => {
  const b = await makeBackend();
  await configure(b, { priceLevels: [WHOLESALE] });
  assert.equal(ok(await b.dispatch('config-get', {})).priceLevels, [WHOLESALE]);
  const refused = async (priceLevels: unknown) => {
    const r = await b.dispatch('config-set', { priceLevels: priceLevels as PriceLevel[] });
    assert.not.ok(r.ok, JSON.stringify(priceLevels));
    return r.ok ? '' : r.error.message;
  };
  const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `l${i}`, name: `Level ${i}` }));
  assert.is(await refused(eleven), 'At most 10 price levels');
  assert.is(await refused([{ id: 'w', name: 'W'.repeat(41) }]), 'A price level needs a name of at most 40 characters');
  assert.is(await refused([{ id: 'w', name: 'Wholesale', minQuantity: 0 }]), 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty');
  assert.is(await refused([{ id: 'w', name: 'Wholesale', minQuantity: 2.5 }]), 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty');
  assert.is(await refused([{ id: 'Big Id', name: 'Wholesale' }]), 'A price level id is 1 to 40 lower-case letters, digits or dashes');
  assert.is(await refused([{ id: 'a', name: 'Trade' }, { id: 'b', name: 'trade' }]), 'Price levels: "trade" is listed twice');
  assert.is(await refused([{ id: 'a', name: 'Trade', colour: 'red' }]), 'Each price level has an id, a name and optionally a minimum quantity');
  // Nothing of the refusals was stored.
  assert.equal(ok(await b.dispatch('config-get', {})).priceLevels, [WHOLESALE]);
  await b.close();
});

test('an item stores its level prices; an unknown level or a negative price is refused; update replaces the map', async () => {
  const { b, indomie } = await shop();
  assert.equal((await stored(b.ctx.db.main, indomie, 'item')).levelPrices, { wholesale: 200, distributor: 180 });
  const hit = ok(await b.dispatch('item-search', { query: 'indo' })).rows[0];
  assert.equal(hit.levelPrices, { wholesale: 200, distributor: 180 });
  let r = await b.dispatch('item-create', { name: 'Bread', price: 500, levelPrices: { vip: 400 } });
  assert.is(r.ok ? '' : r.error.message, ' There is no price level "vip" Error creating a new item');
  r = await b.dispatch('item-create', { name: 'Bread', price: 500, levelPrices: { wholesale: -1 } });
  assert.is(r.ok ? '' : r.error.message, ' Wholesale price must be an amount of 0 or more Error creating a new item');
  ok(await b.dispatch('item-update', { id: indomie, levelPrices: { wholesale: '', distributor: '175' } }));
  assert.equal((await stored(b.ctx.db.main, indomie, 'item')).levelPrices, { distributor: 175 });
  ok(await b.dispatch('item-update', { id: indomie, levelPrices: {} }));
  assert.is((await stored(b.ctx.db.main, indomie, 'item')).levelPrices, undefined);
  await b.close();
});

test('a sale at a level: the line takes the level price, records it, and the sale records the level in use', async () => {
  const { b, indomie } = await shop();
  // 5 × ₦180 = ₦900 at Distributor (below Wholesale's break of 12).
  const saved = ok(await b.dispatch('sale-create', { customer: walkIn, level: 'distributor', items: [{ id: indomie, name: 'Indomie', quantity: 5 }], amount_paid: 900 }));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.total_due, 900);
  assert.equal(sale.level, { id: 'distributor', name: 'Distributor' });
  assert.equal(sale.items[0].level, { id: 'distributor', name: 'Distributor' });
  assert.is(sale.items[0].price, 180);
  const line = await stored(b.ctx.db.main, `${saved.id}-0`, 'sale_item');
  assert.equal([line.price, line.level], [180, { id: 'distributor', name: 'Distributor' }]);
  const unknown = await b.dispatch('sale-create', { customer: walkIn, level: 'vip', items: [{ id: indomie, name: 'Indomie', quantity: 1 }], amount_paid: 220 });
  assert.equal(unknown.ok ? null : unknown.error, { code: 'unknown-level', message: 'There is no price level "vip"' });
  await b.close();
});

test('an item without a price at the level falls back to retail, and the line says so', async () => {
  const { b, indomie, milo } = await shop();
  // Wholesale: Indomie 2 × ₦200 = ₦400; Milo has no wholesale price: 1 × ₦1,000 retail. Total ₦1,400.
  const saved = ok(
    await b.dispatch('sale-create', {
      customer: walkIn,
      level: 'wholesale',
      items: [
        { id: indomie, name: 'Indomie', quantity: 2 },
        { id: milo, name: 'Milo', quantity: 1 },
      ],
      amount_paid: 1400,
    }),
  );
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.total_due, 1400);
  assert.equal(sale.items[0].level, { id: 'wholesale', name: 'Wholesale' });
  assert.equal([sale.items[1].price, sale.items[1].level], [1000, { id: 'wholesale', name: 'Wholesale', fallback: true }]);
  await b.close();
});

test('quantity breaks: from the minimum the level applies by itself; below it, retail; never above the level chosen', async () => {
  const { b, indomie } = await shop();
  // Retail, 11: 11 × ₦220 = ₦2,420, no level. Retail, 12: 12 × ₦200 = ₦2,400 at Wholesale (auto).
  const eleven = ok(await b.dispatch('sale-create', { customer: walkIn, items: [{ id: indomie, name: 'Indomie', quantity: 11 }], amount_paid: 2420 }));
  const s11 = await stored(b.ctx.db.main, eleven.id, 'sale');
  assert.equal([s11.total_due, s11.items[0].level, s11.level], [2420, undefined, undefined]);
  const twelve = ok(await b.dispatch('sale-create', { customer: walkIn, items: [{ id: indomie, name: 'Indomie', quantity: 12 }], amount_paid: 2400 }));
  const s12 = await stored(b.ctx.db.main, twelve.id, 'sale');
  assert.equal([s12.total_due, s12.items[0].level], [2400, { id: 'wholesale', name: 'Wholesale', auto: true }]);
  // Distributor chosen, 12: ₦180 stays (the break's ₦200 would raise it): 12 × ₦180 = ₦2,160.
  const dist = ok(await b.dispatch('sale-create', { customer: walkIn, level: 'distributor', items: [{ id: indomie, name: 'Indomie', quantity: 12 }], amount_paid: 2160 }));
  const sd = await stored(b.ctx.db.main, dist.id, 'sale');
  assert.equal([sd.total_due, sd.items[0].level], [2160, { id: 'distributor', name: 'Distributor' }]);
  await b.close();
});

test('a customer default level is stored (customers only) and found by the customer search', async () => {
  const { b } = await shop();
  const ada = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Ada Traders', defaultLevel: 'wholesale' }));
  assert.is(ada.defaultLevel, 'wholesale');
  await b.settled();
  const hits = ok(await b.dispatch('client-search', { kind: 'customer', query: 'ada' }));
  assert.is(hits[0].defaultLevel, 'wholesale');
  const bad = await b.dispatch('client-create', { kind: 'customer', name: 'Bola', defaultLevel: 'vip' });
  assert.is(bad.ok ? '' : bad.error.message, 'There is no price level "vip"');
  ok(await b.dispatch('client-update', { id: ada._id, name: 'Ada Traders', defaultLevel: '' }));
  assert.is((await stored(b.ctx.db.main, ada._id, 'customer')).defaultLevel, undefined);
  const supplier = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Dangote', defaultLevel: 'wholesale' }));
  assert.is(supplier.defaultLevel, undefined);
  await b.close();
});

test('the Sold list and profit use the price charged at the level', async () => {
  const { b, indomie, milo } = await shop();
  // Wholesale: Indomie 12 × ₦200 = ₦2,400 (cost 12 × ₦150 = ₦1,800, profit ₦600);
  // Milo falls back: 2 × ₦1,000 = ₦2,000 (cost ₦1,600, profit ₦400).
  ok(
    await b.dispatch('sale-create', {
      customer: walkIn,
      level: 'wholesale',
      items: [
        { id: indomie, name: 'Indomie', quantity: 12 },
        { id: milo, name: 'Milo', quantity: 2 },
      ],
      amount_paid: 4400,
    }),
  );
  await b.settled();
  const page = ok(await b.dispatch('sales-list', { offset: 0, limit: 10 }));
  const row = page.rows.find((r) => r.description === 'Indomie')!;
  assert.equal([row.price, row.total, row.cost_price, row.profit], [200, 2400, 150, 600]);
  const miloRow = page.rows.find((r) => r.description === 'Milo')!;
  assert.equal([miloRow.price, miloRow.total, miloRow.profit], [1000, 2000, 400]);
  assert.equal(page.summary, { items: 14, amount: 4400, profit: 1000 });
  await b.close();
});

test('an edited sale keeps its level after the owner deleted it; a new sale cannot use it', async () => {
  const { b, indomie } = await shop();
  await configure(b, { editableInvoice: true });
  const saved = ok(await b.dispatch('sale-create', { customer: walkIn, level: 'distributor', items: [{ id: indomie, name: 'Indomie', quantity: 5 }], amount_paid: 900 }));
  await configure(b, { priceLevels: [WHOLESALE] });
  // The edit sends the level and the prices the form shows (as sold): 6 × ₦180 = ₦1,080.
  ok(await b.dispatch('sale-update', { id: saved.id, level: 'distributor', items: [{ id: indomie, name: 'Indomie', quantity: 6, price: 180 }], amount_paid: 1080 }));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal([sale.total_due, sale.level, sale.items[0].level], [1080, { id: 'distributor', name: 'Distributor' }, { id: 'distributor', name: 'Distributor' }]);
  const fresh = await b.dispatch('sale-create', { customer: walkIn, level: 'distributor', items: [{ id: indomie, name: 'Indomie', quantity: 1 }], amount_paid: 220 });
  assert.is(fresh.ok ? '' : fresh.error.code, 'unknown-level');
  await b.close();
});

test('CSV import: a column per level (its name, or its name and "price"), empty = no price, bad cells refused', async () => {
  const { b } = await shop();
  const csv = ['name,price,Wholesale price,distributor', 'Garri,1500,1400,', 'Beans,900,,850', 'Rice,2000,lots,1900'].join('\n');
  const checked = ok(await b.dispatch('item-import-check', { csv }));
  assert.equal(
    checked.rows.map((r) => [r.name, r.levelPrices]),
    [
      ['Garri', { wholesale: 1400 }],
      ['Beans', { distributor: 850 }],
    ],
  );
  assert.equal(checked.rejected, [{ line: 4, reason: 'Wholesale price "lots" is not a valid amount' }]);
  ok(await b.dispatch('item-import-write', { rows: checked.rows }));
  await b.settled();
  const garri = ok(await b.dispatch('item-search', { query: 'garri' })).rows[0];
  assert.equal(garri.levelPrices, { wholesale: 1400 });
  await b.close();
});

test.run();
