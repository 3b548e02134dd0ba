/**
 * The price-level rule (commands/lib/price-levels.ts) by hand, the F3 order, and the thermal receipt's level
 * lines (src/printer/receipt-lines.ts). Indomie: retail ₦220, Wholesale ₦200 from 12, Distributor ₦180.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SaleDoc } from '../../commands/docs';
import { lineLevelNote, nextLevel, priceLevelsProblem, resolveLinePrice, type PriceLevel } from '../../commands/lib/price-levels';
import { receiptBlocks } from '../../src/printer/receipt-lines';
import { priceLine, type LevelLine } from '../../src/sales/levels/level-pricing';
import { salePdf } from '../../src/share/pdf-specs';

const LEVELS: PriceLevel[] = [
  { id: 'wholesale', name: 'Wholesale', minQuantity: 12 },
  { id: 'distributor', name: 'Distributor' },
  { id: 'vip', name: 'VIP', minQuantity: 50 },
];
const INDOMIE = { price: 220, levelPrices: { wholesale: 200, distributor: 180 } };

test('resolveLinePrice: level, fallback, quantity break, never above the level chosen', () => {
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, undefined, 1), { price: 220 });
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, 'distributor', 1), { price: 180, level: { id: 'distributor', name: 'Distributor' } });
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, undefined, 11), { price: 220 });
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, undefined, 12), { price: 200, level: { id: 'wholesale', name: 'Wholesale', auto: true } });
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, 'distributor', 60), { price: 180, level: { id: 'distributor', name: 'Distributor' } });
  // VIP has no Indomie price: chosen, it falls back to retail, unless a reached break prices the line.
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, 'vip', 2), { price: 220, level: { id: 'vip', name: 'VIP', fallback: true } });
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, 'vip', 12), { price: 200, level: { id: 'wholesale', name: 'Wholesale', auto: true } });
  // A level deleted since is retail.
  assert.equal(resolveLinePrice(INDOMIE, LEVELS, 'gone', 1), { price: 220 });
});

test('a sale line reprices itself, except a fixed one; a pack line counts its own unit for breaks (issue 39)', () => {
  const line = { id: 'i1', price: 220, quantity: 1, retail: 220, levelPrices: INDOMIE.levelPrices };
  assert.equal(priceLine({ ...line, quantity: 12 }, LEVELS, '').price, 200);
  assert.equal(priceLine({ ...line, fixed: true }, LEVELS, 'distributor').price, 220);
  // A carton of 24 at ₦4,800 without a wholesale price of its own: 12 cartons still charge the carton's retail.
  const carton = { id: 'i1', price: 4800, quantity: 12, retail: 4800, levelPrices: INDOMIE.levelPrices, unit: 'carton', unit_factor: 24, unitsOf: { units: [{ name: 'carton' }] } };
  assert.equal(priceLine(carton, LEVELS, '').price, 4800);
  // With one: Wholesale's minimum of 12 counts cartons on a carton line, so one carton (24 pieces) is retail.
  const priced = { ...carton, quantity: 1, unitsOf: { units: [{ name: 'carton', levelPrices: { wholesale: 4500 } }] } };
  const one: LevelLine = priceLine(priced, LEVELS, '');
  assert.equal([one.price, one.level], [4800, undefined]);
  const twelve: LevelLine = priceLine({ ...priced, quantity: 12 }, LEVELS, '');
  assert.equal([twelve.price, twelve.level?.auto], [4500, true]);
});

test('F3 order: Retail, then each level, round again; Shift+F3 back', () => {
  assert.is(nextLevel(LEVELS, ''), 'wholesale');
  assert.is(nextLevel(LEVELS, 'vip'), '');
  assert.is(nextLevel(LEVELS, '', -1), 'vip');
  assert.is(nextLevel(LEVELS, 'gone'), 'wholesale');
});

test('the setting: ids and names unique, bounded', () => {
  assert.is(priceLevelsProblem(LEVELS), undefined);
  assert.is(priceLevelsProblem([{ id: 'a', name: ' Trade' }]), 'A price level needs a name of at most 40 characters');
  assert.is(priceLevelsProblem([{ id: 'a-1', name: 'Trade', minQuantity: 1 }]), undefined);
});

test('the thermal receipt names the sale level and each line priced otherwise', () => {
  const sale = {
    _id: 's1', stores: 'sale', invoice_number: '0009', customer: { with_account: false, name: 'Walk-in' },
    level: { id: 'wholesale', name: 'Wholesale' },
    items: [
      { id: 'i1', name: 'Indomie', price: 200, quantity: 2, level: { id: 'wholesale', name: 'Wholesale' } },
      { id: 'i2', name: 'Milo', price: 1000, quantity: 1, level: { id: 'wholesale', name: 'Wholesale', fallback: true } },
    ],
    amount_paid: 1400, total_due: 1400, total_quantity: 3, summary: '',
  } as unknown as SaleDoc;
  const text = receiptBlocks({ sale, business: 'Shop', headerLines: [], currencyText: 'N', columns: 32 }).flatMap((b) => ('text' in b ? [b.text] : []));
  assert.ok(text.includes('Price level: Wholesale'), text.join('\n'));
  assert.ok(text.includes('Retail (no Wholesale price)'), text.join('\n'));
  assert.is(text.filter((t) => t.includes('Wholesale')).length, 2, 'the Indomie line repeats nothing');
  assert.is(lineLevelNote({ id: 'wholesale', name: 'Wholesale', auto: true }, undefined), 'Wholesale (quantity)');
  // The shared PDF invoice says the same.
  const pdf = salePdf(sale, { business: 'Shop', currency: '₦', header: null });
  assert.ok(pdf.meta.includes('Price level: Wholesale'), pdf.meta.join(' | '));
  assert.equal(pdf.table?.rows.map((r) => r[1]), ['Indomie', 'Milo (Retail (no Wholesale price))']);
});

test.run();
