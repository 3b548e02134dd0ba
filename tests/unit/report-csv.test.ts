/**
 * A report as CSV (the data table's export with the report's columns): every column the screen shows, numbers as
 * numbers (negative ones too), a slow mover never sold says 'Never', and a name that could run as a formula in a
 * spreadsheet is neutralised. Cost and profit columns only when the profits setting shows them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from '../../commands/lib/csv';
import { REPORT_KINDS, type ReportRow } from '../../commands/reports';
import { reportColumns } from '../../src/reports/columns';
import { tableCsv } from '../../src/table/csv';

test('sales by item: a formula-like name is neutralised, figures stay numbers', () => {
  const rows: ReportRow[] = [{ _id: '7A', label: '=HYPERLINK("x")', group: 'Grains', quantity: 5, amount: 4000, discount: 99.96, returns: 800, net: 3100.04, cost: 2400, profit: 700.04 }];
  const csv = parseCsv(tableCsv(reportColumns('sales-item', true), rows, '₦'));
  assert.equal(csv[0], ['Item', 'Category', 'Items', 'Amount', 'Discount', 'Returns', 'Net sales', 'Cost of goods', 'Gross profit']);
  assert.equal(csv[1], ["'=HYPERLINK(\"x\")", 'Grains', '5', '4000', '99.96', '800', '3100.04', '2400', '700.04']);
  assert.equal(parseCsv(tableCsv(reportColumns('sales-item', false), rows, '₦'))[0], ['Item', 'Category', 'Items', 'Amount', 'Discount', 'Returns', 'Net sales']);
});

test('profit and loss keeps its signs; a slow mover never sold says Never', () => {
  const pl = parseCsv(tableCsv(reportColumns('profit-loss', true), [{ _id: 'returns', label: 'Customer returns', group: 'Income', amount: -800 }], '₦'));
  assert.equal(pl[1], ['Customer returns', 'Income', '-800']);
  const slow = parseCsv(tableCsv(reportColumns('slow-movers', true), [{ _id: '7S', label: 'Salt', group: 'Uncategorised', stock: 20, at_cost: 1000, at_price: 1400 }], '₦'));
  assert.equal(slow[1], ['Salt', 'Uncategorised', 'Never', '', '20', '1000', '1400']);
});

test('every report has columns with distinct keys, its first one naming the row or the period', () => {
  for (const kind of REPORT_KINDS) {
    for (const profit of [true, false]) {
      const cols = reportColumns(kind, profit);
      assert.is(new Set(cols.map((c) => c.key)).size, cols.length, kind);
      assert.ok(cols.some((c) => c.key === 'label'), kind);
      assert.ok(profit || cols.every((c) => !['cost', 'profit', 'at_cost'].includes(c.key)), `${kind} hides cost without the profits level`);
    }
  }
});

test.run();
