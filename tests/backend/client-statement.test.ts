/** client-statement: range rule at day edges, opening balance, running balance, paging, accumulate, not found. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STATEMENT_NOT_FOUND } from '../../commands/ledger';
import { ok } from './helpers';
import { backendWith, march } from './ledger-fixtures';

const cust = { name: 'Chidi', account_ref: 'c1' };
const docs = [
  { _id: 'c1', stores: 'customer', name: 'Chidi', date: march(1) },
  { _id: 'sb', stores: 'payment', client: cust, factor: 1, amount: 700, medium: 'Start balance', exclude: true, date: march(1) },
  { _id: 'sale1', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 1000, amount_paid: 200, summary: 'Sale of rice', invoice_number: 'A0001', date: march(3) },
  // the range filter starts at the end of the day before the start (March 4, 23:59:59.999)...
  { _id: 'pay1', stores: 'payment', client: cust, factor: -1, amount: 300, medium: 'cash', teller_number: 'T9', date: march(4, 23, 59, 59, 999) },
  { _id: 'pay2', stores: 'payment', client: cust, factor: -1, amount: 100, medium: 'cash', date: march(5, 12) },
  // ...and ends at the start of the day after the end (March 7, 00:00:00.000)
  { _id: 'adj1', stores: 'cash-adjustment', client: cust, factor: 1, amount: 50, details: 'Rounding', date: march(7, 0) },
  { _id: 'sale2', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 90, amount_paid: 0, date: march(7, 0, 0, 0, 1) },
  { _id: 'pay0', stores: 'payment', client: cust, factor: -1, amount: 1, medium: 'cash', date: march(4, 23, 59, 59, 998) },
];
const range = { from: march(5, 0), to: march(6, 0) };

test('rows in the range with the opening balance from earlier entries and a running balance', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('client-statement', { account: 'c1', offset: 0, limit: 100, range }));
  assert.is(page.opening, 1499); // 700 + 800 - 1
  assert.equal(page.rows.map((r) => [r.id, r.debit, r.credit, r.balance]), [
    ['pay1', 0, 300, 1199],
    ['pay2', 0, 100, 1099],
    ['adj1', 50, 0, 1149],
  ]);
  assert.is(page.total, 3);
  assert.is(page.closing, 1149);
  assert.is(page.rows[0].description, 'Payment received');
  assert.is(page.rows[0].invoice, 'T9');
  assert.is(page.rows[2].details, 'Rounding');
  assert.is(b.ctx.ledger.client('c1'), 1239); // the statement never changes the balance: 1149 + 90
  await b.close();
});

test('one page per call keeps the running balance of the rows before it', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('client-statement', { account: 'c1', offset: 1, limit: 1, range }));
  assert.equal(page.rows.map((r) => [r.id, r.balance]), [['pay2', 1099]]);
  assert.is(page.total, 3);
  assert.is(page.offset, 1);
  await b.close();
});

test('accumulate removes the start bound: every earlier entry is shown and the opening is 0', async () => {
  const b = await backendWith(docs);
  ok(await b.dispatch('config-set', { accumulate: true }));
  const page = ok(await b.dispatch('client-statement', { account: 'c1', offset: 0, limit: 100, range }));
  assert.is(page.opening, 0);
  assert.equal(page.rows.map((r) => [r.id, r.balance]), [
    ['sb', 700],
    ['sale1', 1500],
    ['pay0', 1499],
    ['pay1', 1199],
    ['pay2', 1099],
    ['adj1', 1149],
  ]);
  assert.is(page.rows[1].description, 'Sale of rice');
  assert.is(page.rows[1].invoice, 'A0001');
  await b.close();
});

test('without a range every entry is listed; a supplier statement runs the same way', async () => {
  const b = await backendWith([
    ...docs,
    { _id: 's1', stores: 'supplier', name: 'Dangote', date: march(1) },
    { _id: 'pu1', stores: 'purchase', supplier: { name: 'Dangote', account_ref: 's1' }, total_due: 500, amount_paid: 100, date: march(2) },
    { _id: 'pay9', stores: 'payment', client: { name: 'Dangote', account_ref: 's1' }, factor: 1, amount: 150, medium: 'cash', date: march(3) },
  ]);
  assert.is(ok(await b.dispatch('client-statement', { account: 'c1', offset: 0, limit: 100 })).total, 7);
  const sup = ok(await b.dispatch('client-statement', { account: 's1', offset: 0, limit: 100 }));
  assert.equal(sup.rows.map((r) => [r.id, r.debit, r.credit, r.balance]), [
    ['pu1', 0, 400, -400],
    ['pay9', 150, 0, -250],
  ]);
  assert.is(sup.rows[1].description, 'Payment sent');
  await b.close();
});

test("the supplier view reads payment rows as the business paying: 'Payment made', 'Refund received'", async () => {
  const b = await backendWith([
    { _id: 's1', stores: 'supplier', name: 'Dangote', date: march(1) },
    { _id: 'pu1', stores: 'purchase', supplier: { name: 'Dangote', account_ref: 's1' }, total_due: 500, amount_paid: 0, date: march(2) },
    { _id: 'pay9', stores: 'payment', client: { name: 'Dangote', account_ref: 's1' }, factor: 1, amount: 300, medium: 'cash', date: march(3) },
    { _id: 'pay8', stores: 'payment', client: { name: 'Dangote', account_ref: 's1' }, factor: -1, amount: 20, medium: 'cash', date: march(4) },
  ]);
  const page = ok(await b.dispatch('client-statement', { account: 's1', view: 'supplier', offset: 0, limit: 10 }));
  assert.equal(page.rows.map((r) => [r.id, r.description, r.debit, r.credit, r.balance]), [
    ['pu1', 'Purchase', 0, 500, -500],
    ['pay9', 'Payment made', 300, 0, -200],
    ['pay8', 'Refund received', 0, 20, -220],
  ]);
  await b.close();
});

test("a stock statement's sale lines show the customer's name in Details, also for lines that stored the account ref", async () => {
  const b = await backendWith([
    { _id: '4Achi', stores: 'customer', name: 'Chioma' },
    { _id: '7Arice', stores: 'item', name: 'Rice', price: 10, purchasePrice: 5 },
    { _id: '9old', stores: 'sale_item', id: '7Arice', name: 'Rice', quantity: 1, price: 10, factor: -1, date: march(2), transaction: { ref: '2Aold', client: '4Achi', summary: 'Sale of Rice' } },
    { _id: '9new', stores: 'sale_item', id: '7Arice', name: 'Rice', quantity: 1, price: 10, factor: -1, date: march(3), transaction: { ref: '2Anew', client: 'Walk-in Tunde', summary: 'Sale of Rice' } },
  ]);
  const page = ok(await b.dispatch('stock-statement', { items: '7Arice', offset: 0, limit: 10 }));
  assert.equal(page.rows.map((r) => r.details), ['Chioma', 'Walk-in Tunde']);
  await b.close();
});

test('an unknown or deleted client is not found', async () => {
  const b = await backendWith(docs);
  const reply = await b.dispatch('client-statement', { account: 'nobody', offset: 0, limit: 10 });
  assert.equal(reply, { ok: false, error: { code: 'not-found', message: STATEMENT_NOT_FOUND } });
  const db = b.ctx.db.main;
  await db.remove(await db.get('c1'));
  assert.is((await b.dispatch('client-statement', { account: 'c1', offset: 0, limit: 10 })).ok, false);
  await b.close();
});

test.run();
