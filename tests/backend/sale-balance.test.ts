/**
 * The VAT ruling (issue 36, item 7; docs/architecture.md, 'VAT and what a customer owes'): a sale moves the
 * customer's account by what the invoice says is owed, Total − Amount paid. The Total carries the VAT unless the
 * customer withholds it. Every figure below is computed by hand from one basket: 3 × ₦4,500 + 2 × ₦1,260 =
 * ₦16,020.00; VAT 7.5 % of it = ₦1,201.50; exclusive, the Total is ₦17,221.50. Before, the account took the VAT
 * off once more: Total ₦17,221.50, paid ₦10,000 left 'Balance ₦6,020.00' on the invoice and the statement, and
 * a fully paid sale left the customer a creditor by ₦1,201.50.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import type { SaleInput } from '../../commands/sales';
import { invoiceTotals } from '../../src/sales/invoice/invoice-totals';
import { saleShareText } from '../../src/share/share-text';
import { makeBackend, ok, T0 } from './helpers';
import { configure, saleInput } from './sales-fixtures';
import { seedItems } from './item-seed';
import { CUSTOMER, type SampleItem } from '../support/fixtures';
import { expectKind } from '../support/docs';
import type { NodeBackend } from '../../worker/backend';

const WRAPPER: SampleItem = { id: '7Awrap', name: 'Ankara wrapper', price: 4500, purchasePrice: 3000, stock: 20 };
const SCARF: SampleItem = { id: '7Ascarf', name: 'Scarf', price: 1260, purchasePrice: 1000, stock: 20 };
const ITEMS = [
  { id: WRAPPER.id, name: WRAPPER.name, price: 4500, quantity: 3 },
  { id: SCARF.id, name: SCARF.name, price: 1260, quantity: 2 },
];
const VAT = (type: 'exclusive' | 'inclusive', withold = false) => ({ vat: { percentage: 7.5, type, withold } });

async function shop(): Promise<NodeBackend> {
  const b = await makeBackend();
  await seedItems(b, [WRAPPER, SCARF], [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }]);
  await b.ctx.db.shared.put({ _id: 'sms-credit-initial', stores: 'sms-credit', units: 10, reason: 'initial', date: 0 } as never);
  await configure(b, { useVat: true, smsOnSale: true, smsOnUnmanagedSale: true, smsSaleTemplate: 'Total :total, paid :paid, balance :balance' });
  return b;
}

async function sell(b: NodeBackend, input: Partial<SaleInput>) {
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: ITEMS, confirmDebt: true, ...input })));
  await b.settled();
  return { saved, sale: ok(await b.dispatch('sale-get', { id: saved.id })).sale };
}

const rowsOf = (rows: [string, string][]) => Object.fromEntries(rows);

async function smsTexts(b: NodeBackend): Promise<SmsDoc[]> {
  return (await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true })).rows.map((r) => expectKind(r.doc, 'sms'));
}

test('on credit: the account, invoice, statement, SMS and WhatsApp text all say Total − paid (₦7,221.50)', async () => {
  const b = await shop();
  const { saved, sale } = await sell(b, { ...VAT('exclusive'), amount_paid: 10000 });
  assert.equal([sale.total_due, sale.vat?.amount], [17221.5, 1201.5]);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 7221.5);

  const printed = rowsOf(invoiceTotals(sale, '₦').rows);
  assert.equal([printed['VAT (7.5%, exclusive)'], printed.Total, printed['Amount paid'], printed.Balance], ['₦1,201.50', '₦17,221.50', '₦10,000.00', '₦7,221.50']);

  const statement = ok(await b.dispatch('client-statement', { account: CUSTOMER._id, offset: 0, limit: 10 }));
  const row = statement.rows.find((r) => r.invoice === saved.invoice_number);
  assert.equal([row?.debit, row?.balance], [7221.5, 7221.5]);

  assert.is((await smsTexts(b))[0].message, 'Total ₦17,221.50, paid ₦10,000.00, balance ₦7,221.50 (you owe)');
  assert.match(saleShareText(sale, { business: 'Shop', currency: '₦', thanks: '' }), /Total: ₦17,221\.50\nAmount paid: ₦10,000\.00\nBalance: ₦7,221\.50 \(you owe\)/);

  // A walk-in's SMS says what the sale leaves: the same Total − paid.
  ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in', phone_number: '08031112222' }, items: ITEMS, ...VAT('exclusive'), amount_paid: 10000, confirmDebt: true }));
  const walkIn = (await smsTexts(b)).find((m) => m.recipient === '+2348031112222');
  assert.is(walkIn?.message, 'Total ₦17,221.50, paid ₦10,000.00, balance ₦7,221.50 (you owe)');
  await b.close();
});

test('fully paid: the sale moves the account by 0 and the invoice says Balance ₦0.00', async () => {
  const b = await shop();
  const { saved, sale } = await sell(b, { ...VAT('exclusive'), amount_paid: 17221.5 });
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 0);
  assert.is(rowsOf(invoiceTotals(sale, '₦').rows).Balance, '₦0.00');
  const statement = ok(await b.dispatch('client-statement', { account: CUSTOMER._id, offset: 0, limit: 10 }));
  const row = statement.rows.find((r) => r.invoice === saved.invoice_number);
  assert.equal([row?.debit ?? 0, row?.credit ?? 0, statement.closing], [0, 0, 0]);
  // Inclusive VAT is inside the Total (₦16,020.00): paid in full, nothing either way.
  await sell(b, { ...VAT('inclusive'), amount_paid: 16020 });
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 0);
  await b.close();
});

test('withheld by the customer: the VAT is not in the Total, the account takes the Total without it', async () => {
  const b = await shop();
  const { sale } = await sell(b, { ...VAT('exclusive', true), amount_paid: 10000 });
  // Exclusive, withheld: Total ₦16,020.00 (not ₦17,221.50); owes ₦6,020.00.
  assert.equal([sale.total_due, sale.vat?.amount], [16020, 1201.5]);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 6020);
  const printed = invoiceTotals(sale, '₦').rows;
  assert.equal(printed.slice(-4), [['VAT withheld by the customer', '₦1,201.50'], ['Total', '₦16,020.00'], ['Amount paid', '₦10,000.00'], ['Balance', '₦6,020.00']]);

  // Inclusive, withheld: the VAT inside the price is taken out of the Total: 16,020 − 1,201.50 = ₦14,818.50.
  const inclusive = (await sell(b, { ...VAT('inclusive', true), amount_paid: 14818.5 })).sale;
  assert.is(inclusive.total_due, 14818.5);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 6020, 'paid in full: the account does not move');
  await b.close();
});

test('the VAT report and the Z-report count the VAT paid with the Total; the withheld VAT apart', async () => {
  const b = await shop();
  ok(await b.dispatch('shift-open', { float: 0 }));
  await sell(b, { ...VAT('exclusive'), amount_paid: 17221.5 });
  await sell(b, { ...VAT('exclusive', true), amount_paid: 16020 });
  const vat = ok(await b.dispatch('report-rows', { report: 'vat', offset: 0, limit: 10, range: { from: T0 - 86_400_000, to: T0 + 86_400_000 } }));
  assert.equal(vat.rows.map((r) => [r.vat, r.withheld, r.total]), [
    [1201.5, 0, 17221.5],
    [0, 1201.5, 16020],
  ]);
  const { shift } = ok(await b.dispatch('shift-current', {}));
  assert.is(shift?.z.vat, 1201.5);
  await b.close();
});

test('tills whose ledger checkpoint was computed the old way (VAT taken off) rebuild it', async () => {
  const name = `vat-checkpoint-${process.pid}`;
  const b = await makeBackend({ name });
  await seedItems(b, [WRAPPER, SCARF], [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name }]);
  await configure(b, { useVat: true });
  await sell(b, { ...VAT('exclusive'), amount_paid: 10000 });
  await b.ctx.ledger.checkpoint();
  // What a till on the old engine (version 3) stored: the customer at ₦6,020.00 (602,000 kobo), not ₦7,221.50.
  const head = (await b.ctx.db.local.get('_local/ledger-checkpoint')) as unknown as { balances: string; version: number };
  assert.ok(head.balances.includes('722150'));
  type Head = { balances: string; version: number };
  const oldWay = (h: Head, version: number) => ({ ...h, version, balances: h.balances.replace('722150', '602000') });
  await b.ctx.db.local.put(oldWay(head, 3) as never);
  await b.close();

  const again = await makeBackend({ name });
  await again.settled();
  assert.is(again.ctx.ledger.origin(), 'recompute');
  assert.is(again.ctx.ledger.client(CUSTOMER._id), 7221.5);
  await again.ctx.ledger.checkpoint();
  // The same stale figures under the current version would be trusted: the version is what makes tills rebuild.
  const fresh = (await again.ctx.db.local.get('_local/ledger-checkpoint')) as unknown as Head;
  await again.ctx.db.local.put(oldWay(fresh, fresh.version) as never);
  await again.close();
  const trusting = await makeBackend({ name });
  await trusting.settled();
  assert.is(trusting.ctx.ledger.origin(), 'checkpoint');
  assert.is(trusting.ctx.ledger.client(CUSTOMER._id), 6020);
  await trusting.close();
});

test.run();
