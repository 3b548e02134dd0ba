/**
 * CSV import of items with units of measure (issue 28): a Unit column (the base unit) and a Units column of
 * packs, 'carton = 24 @ 4800 # 6151234500017; pack = 6 @ 1250', the form the store's CSV export writes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { packsCell, parsePacksCell } from '../../commands/lib/units';
import { toCsv } from '../../commands/lib/csv';

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

test.run();
