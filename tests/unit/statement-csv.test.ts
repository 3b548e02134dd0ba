/** The statement a customer is handed as CSV: head lines, one line per row with numbers as numbers, the closing line. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from '../../commands/lib/csv';
import { statementCsv, statementFileName } from '../../src/clients/statement-export';

test('head, rows and closing balance; text that could run as a formula is neutralised', () => {
  const from = new Date(2026, 2, 1).getTime();
  const to = new Date(2026, 2, 31).getTime();
  const csv = statementCsv({ client: '=Ada, "Obi"', from, to, opening: 1500, closing: -100 }, [
    { id: '2A', stores: 'sale', date: new Date(2026, 2, 3).getTime(), description: 'Sale of Rice', invoice: 'A0001', debit: 2000, credit: 0, balance: 3500 },
    { id: '5A', stores: 'payment', date: new Date(2026, 2, 4).getTime(), description: 'Payment received', details: 'Thanks', invoice: 'T-7', debit: 0, credit: 3600, balance: -100 },
  ]);
  const rows = parseCsv(csv);
  assert.equal(rows[0], ['Statement of', "'=Ada, \"Obi\""]);
  assert.equal(rows[1], ['Period', 'March 1, 2026 – March 31, 2026']);
  assert.equal(rows[2], ['Opening balance', '1500']);
  assert.equal(rows[4], ['S/N', 'Date', 'Description', 'Details', 'Invoice/Teller number', 'Debit', 'Credit', 'Balance']);
  assert.equal(rows[5], ['1', 'March 3, 2026', 'Sale of Rice', '', 'A0001', '2000', '0', '3500']);
  assert.equal(rows[6], ['2', 'March 4, 2026', 'Payment received', 'Thanks', 'T-7', '0', '3600', '-100']);
  assert.equal(rows[rows.length - 1], ['Closing balance', '-100']);
  assert.is(statementFileName('Ada Obi / Shop'), 'statement-Ada_Obi_Shop.csv');
});

test.run();
