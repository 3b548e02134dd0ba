/**
 * The quick sale on account (issue 39 item 1), the figures the worker keeps: the basket parked with Chioma comes
 * back with her account; completed as the quick sale sends it (her account, ₦500.00 paid), it asks the debt
 * question, then the credit-limit one, and once both are confirmed the debt is her balance and on her statement.
 * Hand figures: Rice ₦1,250.50; limit ₦5,000.00; 4 Rice = ₦5,002.00, ₦500.00 paid: ₦4,502.00 owed (within the
 * limit); 2 more Rice unpaid = ₦2,501.00: ₦7,003.00, ₦2,003.00 past the limit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CUSTOMER, RICE } from '../support/fixtures';
import { makeBackend, ok } from './helpers';
import { line, saleInput, seed } from './sales-fixtures';

test('parked with her account, completed on it: debt and credit questions, her balance and statement', async () => {
  const b = await makeBackend();
  await seed(b);
  ok(await b.dispatch('client-update', { id: CUSTOMER._id, name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, credit_limit: '5000' }));
  const customer = { name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, account_ref: CUSTOMER._id };
  const parked = ok(await b.dispatch('parked-save', { label: 'Chioma', source: 'quick', lines: [{ id: RICE.id, name: RICE.name, price: RICE.price, quantity: 4 }], customer, amount_paid: 500 }));
  const back = ok(await b.dispatch('parked-take', { id: parked.id }));
  assert.equal(back.customer, customer);

  const input = saleInput({ customer: { with_account: true, ...back.customer! }, items: [line(RICE, 4)], amount_paid: 500 });
  const first = await b.dispatch('sale-create', input);
  assert.is(!first.ok && first.error.code, 'debt-unconfirmed');
  ok(await b.dispatch('sale-create', { ...input, confirmDebt: true }));
  const credit = ok(await b.dispatch('client-credit', { id: CUSTOMER._id }))!;
  assert.equal([credit.balance, credit.left, credit.over], [4502, 498, false]);

  const more = saleInput({ items: [line(RICE, 2)], amount_paid: 0, confirmDebt: true });
  const past = await b.dispatch('sale-create', more);
  assert.is(!past.ok && past.error.code, 'credit-warning');
  ok(await b.dispatch('sale-create', { ...more, confirmCredit: true }));
  const after = ok(await b.dispatch('client-credit', { id: CUSTOMER._id }))!;
  assert.equal([after.balance, after.over], [7003, true]);
  const statement = ok(await b.dispatch('client-statement', { account: CUSTOMER._id, offset: 0, limit: 10 }));
  assert.equal(statement.rows.filter((r) => r.stores === 'sale').map((r) => r.debit), [4502, 2501]);
  assert.is(statement.closing, 7003);
  await b.close();
});

test.run();
