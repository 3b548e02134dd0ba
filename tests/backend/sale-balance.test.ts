/**
 * One sale, one balance (issue 27, item 1): the credit sale of the day-two report — 3 × ₦4,500 + 2 × ₦1,800,
 * 5 % discount, VAT 7.5 % exclusive, ₦10,000 paid. By the spec's rule (document 001 section 9: a sale adds
 * total_due − amount_paid − VAT to the account) it leaves ₦6,245.00: the invoice's Balance line, the
 * statement's debit and a walk-in's SMS all say so, and the customer's SMS says the account balance the
 * statement ends on. Before, the invoice said ₦7,463.38 beside a statement debit of ₦6,245.00.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { saleBalance } from '../../commands/lib/sale-math';
import { invoiceTotals } from '../../src/sales/invoice/invoice-totals';
import { makeBackend, ok } from './helpers';
import { configure, saleInput } from './sales-fixtures';
import { seedItems } from './item-seed';
import { CUSTOMER, type SampleItem } from '../support/fixtures';
import { expectKind } from '../support/docs';

const WRAPPER: SampleItem = { id: '7Awrap', name: 'Ankara wrapper', price: 4500, purchasePrice: 3000, stock: 20 };
const SCARF: SampleItem = { id: '7Ascarf', name: 'Scarf', price: 1800, purchasePrice: 1000, stock: 20 };

test('the invoice, the statement and the SMS agree on what the sale leaves', async () => {
  const b = await makeBackend();
  await seedItems(b, [WRAPPER, SCARF], [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }]);
  await b.ctx.db.shared.put({ _id: 'sms-credit-initial', stores: 'sms-credit', units: 10, reason: 'initial', date: 0 } as never);
  await configure(b, { useVat: true, percentageDiscount: true, smsOnSale: true, smsOnUnmanagedSale: true, smsSaleTemplate: 'Total :total, paid :paid, balance :balance' });
  const items = [
    { id: WRAPPER.id, name: WRAPPER.name, price: 4500, quantity: 3 },
    { id: SCARF.id, name: SCARF.name, price: 1800, quantity: 2 },
  ];
  const charges = { discount: { percentage: 5 }, vat: { percentage: 7.5, type: 'exclusive' as const, withold: false } };
  const saved = ok(await b.dispatch('sale-create', saleInput({ items, ...charges, amount_paid: 10000, confirmDebt: true })));
  const sale = ok(await b.dispatch('sale-get', { id: saved.id })).sale;
  // 17,100 − 855 = 16,245; VAT 1,218.38; total 17,463.38; the account takes 17,463.38 − 10,000 − 1,218.38.
  assert.equal([sale.total_due, sale.vat?.amount, saleBalance(sale)], [17463.38, 1218.38, 6245]);

  const printed = invoiceTotals(sale, '₦');
  assert.equal(printed.rows.slice(-3), [['Total', '₦17,463.38'], ['Amount paid', '₦10,000.00'], ['Balance', '₦6,245.00']]);
  assert.match(printed.vatNote ?? '', /VAT of ₦1,218\.38 is recorded for the tax return and not added to the account/);

  const statement = ok(await b.dispatch('client-statement', { account: CUSTOMER._id, offset: 0, limit: 10 }));
  const row = statement.rows.find((r) => r.ref === saved.id || r.invoice === saved.invoice_number) ?? statement.rows[0];
  assert.is(row.debit, 6245);
  assert.is(row.balance, 6245);

  const sms = (await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true })).rows.map((r) => expectKind(r.doc, 'sms'));
  assert.is(sms[0].message, 'Total ₦17,463.38, paid ₦10,000.00, balance ₦6,245.00 (you owe)');

  // A walk-in's SMS says what the sale leaves, the invoice's figure.
  await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in', phone_number: '08031112222' }, items, ...charges, amount_paid: 10000, confirmDebt: true });
  const all: SmsDoc[] = (await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true })).rows.map((r) => expectKind(r.doc, 'sms'));
  const walkIn = all.find((m) => m.recipient === '+2348031112222');
  assert.is(walkIn?.message, 'Total ₦17,463.38, paid ₦10,000.00, balance ₦6,245.00 (you owe)');
  await b.close();
});

test.run();
