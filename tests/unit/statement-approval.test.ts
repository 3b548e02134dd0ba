/**
 * Issue 39 item 14: the statement PDF (and CSV) carry the credit-approval note the screen shows under a row's
 * details; one helper says it for every copy (commands/lib/credit-limit.ts detailsWithApproval).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StatementRow } from '../../commands/ledger';
import { approvalNote } from '../../commands/lib/credit-limit';
import { statementPdf } from '../../src/share/pdf-specs';
import { statementCsv } from '../../src/clients/statement-export';

const AT = new Date(2026, 2, 5, 10, 0).getTime();
const approval = { username: 'v2_ada', fullname: 'Ada Obi', at: AT, limit: 50000, balance: 48000 };
const rows: StatementRow[] = [
  { id: '2Asale1', stores: 'sale', date: AT, description: 'Sale of Rice', details: 'Chioma', invoice: 'A-0001', approval, debit: 5000, credit: 0, balance: 53000 },
  { id: '5Apay1', stores: 'payment', date: AT, description: 'Payment received', details: 'Cash', debit: 0, credit: 3000, balance: 50000 },
];
const note = approvalNote(approval, '₦');

test("the PDF's Details column carries the approval note; a row without one is unchanged", () => {
  const spec = statementPdf({ client: 'Chioma', opening: 48000, closing: 50000 }, rows, { business: 'Ada Stores', currency: '₦', header: null });
  assert.equal(spec.table!.rows.map((r) => r[3]), [`Chioma · ${note}`, 'Cash']);
  assert.ok(note.startsWith('Past credit limit ₦50,000.00, approved by Ada Obi'), note);
});

test('the CSV carries it too', () => {
  const csv = statementCsv({ client: 'Chioma', opening: 48000, closing: 50000 }, rows);
  assert.ok(csv.includes('Past credit limit'), csv);
});

test.run();
