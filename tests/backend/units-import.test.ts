/**
 * CSV import of items with units of measure (issue 28): a Unit column (the base unit) and a Units column of
 * packs, 'carton = 24 @ 4800 # 6151234500017; pack = 6 @ 1250', the form the store's CSV export writes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { packsCell, parsePacksCell } from '../../commands/lib/units';
import { toCsv } from '../../commands/lib/csv';
import type { PriceLevel } from '../../commands/lib/price-levels';
import { configure } from './sales-fixtures';

const CARTON = { name: 'carton', factor: 24, price: 4800, barcode: '6151234500017' };
const PACK = { name: 'pack', factor: 6, price: 1250 };

test('a pack cell reads back what the export writes', () => {
  const cell = packsCell([CARTON, PACK]);
  assert.is(cell, 'carton = 24 @ 4800 # 6151234500017; pack = 6 @ 1250');
  assert.equal(parsePacksCell(cell), { units: [CARTON, PACK] });
  assert.equal(parsePacksCell('crate=12@"1,200"'), { problem: 'Pack unit "crate=12@"1,200"" is not name = factor @ price (# barcode)' });
  assert.equal(parsePacksCell('crate = 12 @ 1,200'), { units: [{ name: 'crate', factor: 12, price: 1200 }] });
  assert.equal(parsePacksCell(''), { units: [] });
});

test('import: units are checked per row, written with the item, and a pack barcode scans', async () => {
  const b = await makeBackend();
  const csv = toCsv([
    ['Name', 'Price', 'Purchase price', 'Quantity', 'Barcode', 'Unit', 'Units'],
    ['Indomie', '220', '175', '240', '', 'piece', packsCell([CARTON, PACK])],
    ['Eggs', '150', '120', '90', '', '', 'tray = 30 @ 4200'],
    ['Bad factor', '1', '1', '0', '', '', 'box = 0 @ 10'],
    ['Bad cell', '1', '1', '0', '', '', 'box of ten'],
    ['Same code', '1', '1', '0', '', '', 'box = 10 @ 10 # 6151234500017'],
    ['Base twice', '1', '1', '0', '', 'bag', 'Bag = 2 @ 10'],
  ]);
  const checked = ok(await b.dispatch('item-import-check', { csv }));
  assert.equal(checked.rejected, [
    { line: 4, reason: 'A pack unit holds a whole number of base units, from 2 to 100,000.' },
    { line: 5, reason: 'Pack unit "box of ten" is not name = factor @ price (# barcode)' },
    { line: 6, reason: 'Barcode 6151234500017 is already used by an item' },
    { line: 7, reason: 'The unit Bag is named twice.' },
  ]);
  assert.equal(checked.rows.map((r) => [r.name, r.unit, r.units]), [
    ['Indomie', 'piece', [CARTON, PACK]],
    ['Eggs', undefined, [{ name: 'tray', factor: 30, price: 4200 }]],
  ]);
  assert.is(ok(await b.dispatch('item-import-write', { rows: checked.rows })).added, 2);
  const scan = ok(await b.dispatch('item-scan', { code: CARTON.barcode }));
  assert.ok(scan.item, 'the carton code scans');
  if (scan.item) {
    assert.is(scan.item.name, 'Indomie');
    assert.is(scan.unit, 'carton');
    // Starting stock is in base units: 240 pieces.
    assert.is(scan.item.balance, 240);
  }
  // A row sent to the write step with bad units (not through the check) is refused there too.
  const again = ok(await b.dispatch('item-import-write', { rows: [{ line: 2, name: 'X', price: 1, purchasePrice: 1, description: '', quantity: 0, units: [{ name: 'box', factor: 0, price: 1 }] }] }));
  assert.equal(again, { added: 0, rejected: [{ line: 2, reason: 'A pack unit holds a whole number of base units, from 2 to 100,000.' }] });
  await b.close();
});

const LEVELS: PriceLevel[] = [
  { id: 'wholesale', name: 'Wholesale' },
  { id: 'big', name: 'Big Trader' },
];

test('a pack’s own level prices go into the cell by level name and read back by name', () => {
  const carton = { ...CARTON, levelPrices: { wholesale: 4500, big: 4300, gone: 1 } };
  const cell = packsCell([carton, PACK], LEVELS);
  // A level no longer in settings ('gone') is left out.
  assert.is(cell, 'carton = 24 @ 4800 (Wholesale 4500, Big Trader 4300) # 6151234500017; pack = 6 @ 1250');
  assert.equal(parsePacksCell(cell, LEVELS), { units: [{ ...CARTON, levelPrices: { wholesale: 4500, big: 4300 } }, PACK] });
  assert.equal(parsePacksCell('crate = 12 @ 1,200 (wholesale 1,100)', LEVELS), { units: [{ name: 'crate', factor: 12, price: 1200, levelPrices: { wholesale: 1100 } }] });
  assert.equal(parsePacksCell('crate = 12 @ 1200 (VIP 1000)', LEVELS), { problem: 'Pack unit crate: there is no price level named VIP' });
  assert.equal(parsePacksCell('crate = 12 @ 1200 (Wholesale)', LEVELS), { problem: '"Wholesale" in pack unit crate is not a level name and a price (Wholesale 4500)' });
});

test('import: a carton’s wholesale price in the Units cell is stored on the pack and prices a wholesale carton', async () => {
  const b = await makeBackend();
  await configure(b, { priceLevels: LEVELS });
  const csv = toCsv([
    ['Name', 'Price', 'Purchase price', 'Quantity', 'Unit', 'Units', 'Wholesale price'],
    ['Indomie', '220', '175', '240', 'piece', 'carton = 24 @ 4800 (Wholesale 4500) # 6151234500017', '200'],
    ['Milo', '100', '80', '10', '', 'box = 10 @ 900 (Retail 850)', ''],
  ]);
  const checked = ok(await b.dispatch('item-import-check', { csv }));
  assert.equal(checked.rejected, [{ line: 3, reason: 'Pack unit box: there is no price level named Retail' }]);
  assert.equal(checked.rows.map((r) => [r.name, r.levelPrices, r.units]), [['Indomie', { wholesale: 200 }, [{ ...CARTON, levelPrices: { wholesale: 4500 } }]]]);
  assert.is(ok(await b.dispatch('item-import-write', { rows: checked.rows })).added, 1);
  const hit = ok(await b.dispatch('item-search', { query: 'Indomie' })).rows[0];
  assert.equal(hit.units, [{ ...CARTON, levelPrices: { wholesale: 4500 } }]);
  await b.close();
});

test.run();
