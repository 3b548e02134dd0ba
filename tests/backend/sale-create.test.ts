import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER, BEANS, CUSTOMER, GARRI, RICE } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { expectKind, stored } from '../support/docs';

async function fresh() {
  const b = await makeBackend();
  await seed(b);
  return b;
}

async function errorOf(b: Awaited<ReturnType<typeof fresh>>, input: Parameters<typeof saleInput>[0]) {
  const r = await b.dispatch('sale-create', saleInput(input));
  if (r.ok) throw new Error('expected the sale to be refused');
  return r.error;
}

async function docCount(b: Awaited<ReturnType<typeof fresh>>) {
  return (await b.ctx.db.main.allDocs()).total_rows;
}

test('validation messages of the spec, in its order, and nothing saved on refusal', async () => {
  const b = await fresh();
  const before = await docCount(b);
  // Customer comes before items.
  let e = await errorOf(b, { customer: { with_account: true, name: ' ' }, items: [] });
  assert.equal(e, { code: 'customer-required', message: 'You must select the customer you are selling to' });
  e = await errorOf(b, { items: [] });
  assert.is(e.message, 'You must add atleast one item to sell');
  e = await errorOf(b, { items: [line(RICE, 1), { id: '', name: '', price: 0, quantity: 2 }] });
  assert.is(e.message, 'You must select item to be sold');
  assert.is(e.code, 'item-required');
  e = await errorOf(b, { items: [{ id: '', name: '', price: 0, quantity: 1 }, line(RICE, 1)] });
  assert.is(e.code, 'empty-row');
  e = await errorOf(b, { items: [line(RICE, 11)] });
  assert.is(e.message, 'There are only 10 Rice left, hence you cannot sell upto 11');
  // Two lines of the same item share its balance.
  e = await errorOf(b, { items: [line(BEANS, 3), line(BEANS, 3)] });
  assert.is(e.message, 'There are only 2 Beans left, hence you cannot sell upto 3');
  e = await errorOf(b, { items: [line(RICE, 0)] });
  assert.is(e.message, 'You cannot sell less than one of Rice');
  e = await errorOf(b, { items: [line(RICE, -2)] });
  assert.is(e.message, 'You cannot sell less than one of Rice');
  assert.is(await docCount(b), before);
  await b.close();
});

test('customer not required: a nameless sale passes the customer rule', async () => {
  const b = await fresh();
  await configure(b, { customerRequired: false });
  ok(await b.dispatch('sale-create', saleInput({ customer: { with_account: false, name: '' } })));
  await b.close();
});

test('SMS phone rules: unmanaged without phone blocks, managed without phone only warns', async () => {
  const b = await fresh();
  await configure(b, { smsOnUnmanagedSale: true, smsOnSale: true });
  const e = await errorOf(b, { customer: { with_account: false, name: 'Walk-in' } });
  assert.equal(e, { code: 'phone-required', message: 'You must provide customer phone number for SMS to work' });
  const saved = ok(await b.dispatch('sale-create', saleInput({ customer: { with_account: true, name: CUSTOMER.name, account_ref: CUSTOMER._id } })));
  assert.is(saved.warning, 'Customer phone number is not provided. SMS might not be delivered');
  const withPhone = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(withPhone.warning, undefined);
  await b.close();
});

test('debt needs confirmation unless payment is taken separately', async () => {
  const b = await fresh();
  const before = await docCount(b);
  const e = await errorOf(b, { amount_paid: 1000 });
  assert.is(e.code, 'debt-unconfirmed');
  assert.is(e.message, 'Please confirm that you received a payment of ₦1,000.00 for this sale. The total due is ₦2,501.00');
  assert.is(await docCount(b), before);
  ok(await b.dispatch('sale-create', saleInput({ amount_paid: 1000, confirmDebt: true })));
  await configure(b, { separatePayment: true });
  ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0 })));
  await b.close();
});

test('a sale and its lines are written in one batch with date, invoice number and summary', async () => {
  const b = await fresh();
  const bulk = b.ctx.db.main.bulkDocs.bind(b.ctx.db.main);
  const batches: { stores: string }[][] = [];
  b.ctx.db.main.bulkDocs = ((docs: { stores: string }[], ...rest: never[]) => {
    batches.push(docs);
    return (bulk as (...a: unknown[]) => unknown)(docs, ...rest);
  }) as never;
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2), line(BEANS, 1), line(GARRI, 3)], amount_paid: 3301.3 })));
  assert.is(batches.length, 1);
  assert.equal(batches[0].map((d) => d.stores), ['sale', 'sale_item', 'sale_item', 'sale_item']);
  assert.match(saved.invoice_number, /^A[0-9a-zA-Z]{3}-0001$/);
  assert.is(saved.redirect, `/sales/invoice/${saved.id}`);

  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.summary, 'Sale of Rice, Beans & Garri');
  assert.is(sale.date, T0);
  assert.is(sale.total_due, 3301.3); // 2501 + 800 + 0.30
  assert.is(sale.total_quantity, 6);
  assert.is(sale.user?.username, OWNER.username);
  assert.ok(saved.id.startsWith('2A'));
  const lines = (await b.ctx.db.main.allDocs({ startkey: `${saved.id}-`, endkey: `${saved.id}-\uffff`, include_docs: true })).rows.map(
    (r) => expectKind(r.doc, 'sale_item', 'purchase_item', 'issue_item'),
  );
  assert.equal(lines.map((l) => [l._id, l.stores, l.id, l.quantity, l.factor, l.to]), [
    [`${saved.id}-0`, 'sale_item', RICE.id, 2, -1, 'store'],
    [`${saved.id}-1`, 'sale_item', BEANS.id, 1, -1, 'store'],
    [`${saved.id}-2`, 'sale_item', GARRI.id, 3, -1, 'store'],
  ]);
  assert.equal(lines[0].transaction, { ref: saved.id, client: CUSTOMER.name, invoice: saved.invoice_number, summary: sale.summary });
  assert.is(lines[0].cost_price, 1000);

  const second = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(second.invoice_number, saved.invoice_number.replace(/0001$/, '0002'));
  const given = ok(await b.dispatch('sale-create', saleInput({ invoice_number: 'INV-77', date: T0 - 86400000 })));
  assert.is(given.invoice_number, 'INV-77');
  assert.is((await stored(b.ctx.db.main, given.id, 'sale')).date, T0 - 86400000);
  await b.close();
});

test('a sale lowers stock and raises the customer balance by Total − Amount paid', async () => {
  const b = await fresh();
  await configure(b, { useVat: true, percentageDiscount: true });
  ok(
    await b.dispatch('sale-create', {
      ...saleInput({ items: [line(RICE, 3, { discount: 51.5 }), line(GARRI, 2)], amount_paid: 1000, confirmDebt: true }),
      discount: { percentage: 10 },
      vat: { percentage: 5, type: 'exclusive', withold: false },
    }),
  );
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 7);
  assert.is(b.ctx.ledger.stock(GARRI.id), 98);
  // 3,700.20 − 370.02 = 3,330.18; VAT 166.51; Total 3,496.69; debt 3,496.69 − 1,000 = 2,496.69
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 2496.69);
  await b.close();
});

test('discount and VAT follow the settings: switched off, they do not count', async () => {
  const b = await fresh();
  const saved = ok(
    await b.dispatch('sale-create', {
      ...saleInput({ items: [line(RICE, 2)] }),
      discount: { percentage: 10, amount: 50 },
      vat: { percentage: 5, type: 'exclusive', withold: false },
    }),
  );
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.total_due, 2501);
  assert.is(sale.vat, undefined);
  await configure(b, { amountDiscount: true, useVat: true });
  const second = ok(
    await b.dispatch('sale-create', {
      ...saleInput({ items: [line(RICE, 2)], amount_paid: 3000 }),
      discount: { amount: 50 },
      vat: { percentage: 10, type: 'exclusive', withold: false },
    }),
  );
  const s2 = await stored(b.ctx.db.main, second.id, 'sale');
  // 2,501 − 50 = 2,451; VAT 245.10 → 2,696.10
  assert.equal([s2.discount?.amount, s2.vat?.amount, s2.total_due], [50, 245.1, 2696.1]);
  await b.close();
});

test('redirect after save follows salesRedirect; a warehouse sale takes stock from that warehouse', async () => {
  const b = await makeBackend();
  await seed(b, [{ ...RICE, warehouse: 'd1' }]);
  await configure(b, { salesRedirect: false, useWarehouse: true });
  let r = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }));
  assert.is(!r.ok && r.error.message, 'There are only 0 Rice left, hence you cannot sell upto 1');
  r = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5, from: 'd1' }));
  assert.is(ok(r).redirect, '/sales');
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id, { warehouse: 'd1' }), 9);
  await b.close();
});

test('a sale paid partly into a bank: the bank part is saved as the spec shapes it and moves that bank', async () => {
  const b = await fresh();
  const { id: gtb } = ok(await b.dispatch('bank-create', { name: 'GTB', account_number: '0123456789', balance: 100 }));
  const bank = (amount: number, ref = gtb) => ({ name: { ref, name: 'typed by the form' }, amount });
  let r = await b.dispatch('sale-create', saleInput({ bank: bank(3000) }));
  assert.equal(!r.ok && r.error, { code: 'bank-amount', message: 'The bank amount cannot be more than the amount paid' });
  r = await b.dispatch('sale-create', saleInput({ bank: { name: { ref: '', name: '' }, amount: 10 } }));
  assert.is(!r.ok && r.error.code, 'bank-required');
  r = await b.dispatch('sale-create', saleInput({ bank: bank(10, 'cAnope') }));
  assert.is(!r.ok && r.error.message, 'The bank account could not be found');

  const saved = ok(await b.dispatch('sale-create', saleInput({ bank: bank(2000.5) })));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal(sale.bank, { name: { ref: gtb, name: 'GTB' }, amount: 2000.5 });
  assert.is(sale.amount_paid, 2501);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.bank(gtb), 2100.5); // start 100 + 2,000.50
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 500.5); // 2,501 − 2,000.50 in cash
  assert.is(ok(await b.dispatch('bank-list', {}))[0].balance, 2100.5);

  const none = ok(await b.dispatch('sale-create', saleInput({ bank: bank(0) })));
  assert.is((await stored(b.ctx.db.main, none.id, 'sale')).bank, undefined);
  await b.close();
});

test.run();
