import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { CUSTOMER, RICE } from '../support/fixtures';
import { stored } from '../support/docs';

test('sales and purchases with transport, with advance, balance and payers', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { trackTransport: true });
  const transport = { total: 5000, paid: 2000, advancePayer: 'Business', balancePayer: 'Customer', paidByCustomer: true };
  const saved = ok(await b.dispatch('sale-create', { ...saleInput({ items: [line(RICE, 1)], amount_paid: 6250.5 }), transport }));
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 })));
  await b.ctx.db.main.put({
    _id: '3Apurch', stores: 'purchase', supplier: { name: 'Dangote' }, items: [], amount_paid: 0, total_due: 0, total_quantity: 0,
    invoice_number: 'P-1', summary: 'Purchase of Rice', date: T0 - 1000, transport: { total: 300, paid: 300, advancePayer: 'Business', balancePayer: '' },
  });
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.total_due, 6250.5); // transport charged to the customer
  const page = ok(await b.dispatch('transport-list', { offset: 0, limit: 50 }));
  assert.is(page.total, 2);
  assert.equal(page.rows[0], {
    _id: saved.id, kind: 'sale', invoice_number: saved.invoice_number, date: T0, transaction: 'Sale of Rice', client: CUSTOMER.name,
    advanced: 2000, advancePayer: 'Business', balance: 3000, balancePayer: 'Customer', total: 5000,
  });
  assert.is(page.rows[1].kind, 'purchase');
  assert.equal(page.summary, { total: 5300, balance: 3000 });
  const none = ok(await b.dispatch('transport-list', { offset: 0, limit: 50, range: { from: T0 + 1, to: T0 + 2 } }));
  assert.is(none.total, 0);
  await b.close();
});

test.run();
