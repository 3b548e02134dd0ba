/** Reorder levels' pure rules (commands/lib/reorder.ts) and the reorder list's CSV for a supplier. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReorderRow } from '../../commands/items';
import { isLowStock, needsReorder, parseLevel, reorderLevelOf, reorderQuantity } from '../../commands/lib/reorder';
import { tableCsv } from '../../src/table/csv';
import { REORDER_COLUMNS } from '../../src/store/reorderColumns';

test('low stock: above zero and at or below the level; the reorder list adds what ran out', () => {
  assert.equal([isLowStock(5, 5), isLowStock(6, 5), isLowStock(0, 5), isLowStock(0.5, 1), isLowStock(1, undefined), isLowStock(1, 0)], [true, false, false, true, false, false]);
  assert.equal([needsReorder(0, 5), needsReorder(-2, 5), needsReorder(5, 5), needsReorder(6, 5), needsReorder(0, 0)], [true, true, true, false, false]);
  assert.equal([reorderQuantity(3, 5), reorderQuantity(0, 5), reorderQuantity(-4, 5), reorderQuantity(1.5, 1)], [7, 10, 10, 1]);
});

test('levels: the item level for all warehouses, a warehouse level for one; typed text parsed', () => {
  const doc = { reorderLevel: 10, reorderLevels: { store: 3 } };
  assert.equal([reorderLevelOf(doc), reorderLevelOf(doc, 'store'), reorderLevelOf(doc, 'w1')], [10, 3, undefined]);
  assert.equal([parseLevel(''), parseLevel(null), parseLevel(' 1,200 '), parseLevel(0)], [undefined, undefined, 1200, 0]);
  assert.ok(Number.isNaN(parseLevel('ten')));
});

test('the CSV for a supplier: numbers as numbers, a name that could run as a formula neutralised', () => {
  const rows: ReorderRow[] = [{ _id: 'i1', name: '=HYPERLINK("x")', barcode: '0123', balance: 3, level: 5, quantity: 7, purchasePrice: 250.5 }];
  const csv = tableCsv(REORDER_COLUMNS, rows, '₦');
  const [head, line] = csv.trim().split('\r\n');
  assert.is(head, 'Item,Barcode,In stock,Reorder level,Order quantity,Purchase price');
  assert.is(line, `"'=HYPERLINK(""x"")",0123,3,5,7,250.5`);
});

test.run();
