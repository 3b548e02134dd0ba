/**
 * A date that cannot be right (a year far outside the present, issue 17) is refused by every command that takes
 * a date a person typed, in the date field's words, and nothing is saved: sales, expenses, payments, issues.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { RICE } from '../support/fixtures';
import { makeBackend, ok } from './helpers';
import { customer } from './client-fixtures';
import { line, saleInput, seed } from './sales-fixtures';
import { addItem } from './store-fixtures';

const Y1907 = new Date(1907, 0, 5).getTime();
const SAID = 'January 5, 1907 cannot be right';

test('sale, expense, payment and issue dated 1907 are refused; nothing is saved', async () => {
  const b = await makeBackend();
  await seed(b);
  const chioma = await customer(b, 'Chioma', 0);
  const flour = await addItem(b, { name: 'Flour', quantity: 5 });
  await b.settled();
  const before = (await b.ctx.db.main.allDocs()).total_rows;
  const refused = async (reply: { ok: boolean; error?: { code: string; message: string } }, code: string) => {
    assert.not.ok(reply.ok, code);
    assert.is(reply.error!.code, code);
    assert.ok(reply.error!.message.includes(SAID), reply.error!.message);
  };
  await refused(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5, date: Y1907 })), 'sale-date');
  await refused(await b.dispatch('expense-create', { amount: 500, source: CASH_ACCOUNT, description: 'Water', date: Y1907 }), 'expense-date');
  await refused(await b.dispatch('payment-create', { kind: 'customer', client: chioma, factor: -1, amount: 100, medium: 'cash', date: Y1907 }), 'payment-date');
  await refused(
    await b.dispatch('issue-create', { direction: 'issue-out', collector: { name: 'Musa', ref: 'M1' }, date: Y1907, items: [{ id: flour, name: 'Flour', quantity: 1 }] }),
    'issue-date',
  );
  assert.is((await b.ctx.db.main.allDocs()).total_rows, before);
  // Today's date still goes through.
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 })));
  await b.close();
});

test.run();
