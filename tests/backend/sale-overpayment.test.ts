/**
 * Cash handed over above the total due is change, not payment: the sale records amount_paid = total due with
 * cash_received and change beside it, and the cash account and the customer's balance count only the total due.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { rulebookVdu } from '../support/rulebook';
import { makeBackend, ok } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { CUSTOMER, RICE } from '../support/fixtures';
import { stored } from '../support/docs';

test('sale-create: ₦3,000 handed over for ₦2,501 due records paid 2,501, cash 3,000, change 499', async () => {
  const b = await makeBackend();
  await seed(b);
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 3000 })));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal([sale.total_due, sale.amount_paid, sale.cash_received, sale.change], [2501, 2501, 3000, 499]);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 2501);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 0);
  // Exact payment records no change.
  const exact = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 2501 })));
  const s2 = await stored(b.ctx.db.main, exact.id, 'sale');
  assert.equal([s2.amount_paid, s2.cash_received, s2.change], [2501, undefined, undefined]);
  await b.close();
});

test('sale-update: an edit that lowers the total below the cash handed over records the change, not the overpayment', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { editableInvoice: true });
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 2501 })));
  ok(await b.dispatch('sale-update', { id: saved.id, items: [line(RICE, 1)], amount_paid: 2501 }));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal([sale.total_due, sale.amount_paid, sale.change], [1250.5, 1250.5, 1250.5]);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 1250.5);
  await b.close();
});

test('the rulebook (the server gate) refuses a sale that records more paid than its total due', () => {
  const fn = rulebookVdu() as (n: unknown, o: unknown, u: { name: string; roles: string[] }) => void;
  const user = { name: 'u', roles: ['oja:member:biz', 'oja:level:0'] };
  const sale = { _id: 'sx', stores: 'sale', total_due: 100, amount_paid: 100 };
  fn(sale, null, user);
  assert.throws(() => fn({ ...sale, amount_paid: 150 }, null, user), (e: { forbidden?: string }) => !!e.forbidden?.includes('more paid'));
});

test.run();
