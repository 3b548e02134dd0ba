/**
 * Units of measure with price levels (issue 28): a pack unit carries its own price per level. Figures by hand:
 *   Indomie: a piece ₦220 retail, ₦200 Wholesale; a carton of 24 ₦4,800 retail, ₦4,500 Wholesale; 240 pieces.
 *   At Wholesale, 2 cartons and 3 pieces: 2 × 4,500 + 3 × 200 = ₦9,600; a pack without a Wholesale price (a
 *   pack of 6 at ₦1,250) falls back to its own retail price, visibly.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PriceLevel } from '../../commands/lib/price-levels';
import { makeBackend, ok } from './helpers';
import { configure } from './sales-fixtures';
import { stored } from '../support/docs';

const WHOLESALE: PriceLevel = { id: 'wholesale', name: 'Wholesale' };

async function shop() {
  const b = await makeBackend();
  await configure(b, { priceLevels: [WHOLESALE] });
  const id = ok(
    await b.dispatch('item-create', {
      name: 'Indomie',
      price: 220,
      purchasePrice: 175,
      quantity: 240,
      levelPrices: { wholesale: 200 },
      unit: 'piece',
      units: [
        { name: 'carton', factor: 24, price: 4800, levelPrices: { wholesale: '4,500' } },
        { name: 'pack', factor: 6, price: 1250, levelPrices: { wholesale: '' } },
      ],
    }),
  ).id;
  return { b, id };
}

test("a pack's level prices are stored, checked against the settings' levels, and price a pack line", async () => {
  const { b, id } = await shop();
  const item = await stored(b.ctx.db.main, id, 'item');
  assert.equal(item.units, [
    { name: 'carton', factor: 24, price: 4800, levelPrices: { wholesale: 4500 } },
    { name: 'pack', factor: 6, price: 1250 },
  ]);
  const unknown = await b.dispatch('item-update', { id, units: [{ name: 'carton', factor: 24, price: 4800, levelPrices: { vip: 1 } }] });
  assert.ok(!unknown.ok);
  if (!unknown.ok) assert.match(unknown.error.message, 'carton: ');

  const saved = ok(
    await b.dispatch('sale-create', {
      customer: { with_account: false, name: 'Walk-in' },
      level: 'wholesale',
      items: [
        { id, name: 'Indomie', quantity: 2, unit: 'carton' },
        { id, name: 'Indomie', quantity: 3 },
        { id, name: 'Indomie', quantity: 1, unit: 'pack' },
      ],
      amount_paid: 10850,
    }),
  );
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal(sale.items.map((l) => [l.unit, l.price, l.level?.fallback ?? false]), [
    ['carton', 4500, false],
    ['piece', 200, false],
    ['pack', 1250, true],
  ]);
  // 2 × 4,500 + 3 × 200 + 1,250 = 10,850; stock 240 − 48 − 3 − 6 = 183.
  assert.is(sale.total_due, 10850);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(id), 183);
  await b.close();
});

/**
 * Issue 39: Wholesale from 12 counts the unit sold. Figures by hand, retail sale (no level chosen):
 *   1 carton = 24 pieces, below 12 cartons: the carton's retail ₦4,800 (before: Wholesale (quantity) ₦4,500);
 *   12 cartons: 12 × ₦4,500 = ₦54,000, Wholesale (quantity); 11 pieces: 11 × ₦220 = ₦2,420 retail;
 *   12 pieces: 12 × ₦200 = ₦2,400 Wholesale (quantity). Total 4,800 + 54,000 + 2,420 + 2,400 = ₦63,620.
 */
test('a break counts the unit sold: one carton is retail, twelve cartons wholesale (issue 39)', async () => {
  const b = await makeBackend();
  await configure(b, { priceLevels: [{ ...WHOLESALE, minQuantity: 12 }] });
  const id = ok(
    await b.dispatch('item-create', {
      name: 'Indomie', price: 220, purchasePrice: 175, quantity: 400, levelPrices: { wholesale: 200 }, unit: 'piece',
      units: [{ name: 'carton', factor: 24, price: 4800, levelPrices: { wholesale: 4500 } }],
    }),
  ).id;
  const sell = async (quantity: number, unit?: string) => {
    const saved = ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id, name: 'Indomie', quantity, ...(unit ? { unit } : {}) }], amount_paid: 0, confirmDebt: true }));
    const sale = await stored(b.ctx.db.main, saved.id, 'sale');
    return [sale.items[0].price, sale.items[0].level ?? null, sale.total_due];
  };
  assert.equal(await sell(1, 'carton'), [4800, null, 4800]);
  assert.equal(await sell(12, 'carton'), [4500, { id: 'wholesale', name: 'Wholesale', auto: true }, 54000]);
  assert.equal(await sell(11), [220, null, 2420]);
  assert.equal(await sell(12), [200, { id: 'wholesale', name: 'Wholesale', auto: true }, 2400]);
  await b.close();
});

test.run();
