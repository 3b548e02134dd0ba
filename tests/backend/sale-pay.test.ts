import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { configure, saleInput, seed } from './sales-fixtures';
import { CUSTOMER } from '../support/fixtures';
import { stored } from '../support/docs';

test('payment on an invoice: only with separatePayment and nothing paid; sets amount_paid', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { separatePayment: true });
  const saved = ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0 })));
  const view = ok(await b.dispatch('sale-get', { id: saved.id }));
  assert.is(view.canPay, true);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 2501);
  const zero = await b.dispatch('sale-pay', { id: saved.id, amount: 0 });
  assert.is(!zero.ok && zero.error.message, 'Payment amount cannot be 0');
  assert.equal(ok(await b.dispatch('sale-pay', { id: saved.id, amount: 2501 })), { message: 'Successful' });
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.amount_paid, 2501);
  assert.is(ok(await b.dispatch('sale-get', { id: saved.id })).canPay, false);
  const again = await b.dispatch('sale-pay', { id: saved.id, amount: 10 });
  assert.is(!again.ok && again.error.code, 'not-payable');
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 0);
  await b.close();
});

test('a payment on an invoice may go partly into a bank, checked like the sale form\'s', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { separatePayment: true });
  const { id: gtb } = ok(await b.dispatch('bank-create', { name: 'GTB' }));
  const saved = ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0 })));
  const over = await b.dispatch('sale-pay', { id: saved.id, amount: 1000, bank: { name: { ref: gtb, name: 'GTB' }, amount: 1500 } });
  assert.is(!over.ok && over.error.message, 'The bank amount cannot be more than the amount paid');
  ok(await b.dispatch('sale-pay', { id: saved.id, amount: 2501, bank: { name: { ref: gtb, name: 'GTB' }, amount: 1500 } }));
  assert.equal((await stored(b.ctx.db.main, saved.id, 'sale')).bank, { name: { ref: gtb, name: 'GTB' }, amount: 1500 });
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.bank(gtb), 1500);
  await b.close();
});

test('without separatePayment the invoice offers no payment', async () => {
  const b = await makeBackend();
  await seed(b);
  const saved = ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0, confirmDebt: true })));
  assert.is(ok(await b.dispatch('sale-get', { id: saved.id })).canPay, false);
  const r = await b.dispatch('sale-pay', { id: saved.id, amount: 100 });
  assert.is(!r.ok && r.error.code, 'not-payable');
  const missing = await b.dispatch('sale-get', { id: '2nope' });
  assert.is(!missing.ok && missing.error.code, 'not-found');
  await b.close();
});

test.run();
