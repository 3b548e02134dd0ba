/** Customer, supplier, bank and cash balances (document 001 sections 4 and 9), hand-computed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { T0 } from './helpers';
import { backendWith } from './ledger-fixtures';

const cust = { name: 'Chidi', account_ref: 'c1' };
const bankRef = { ref: 'bank1', name: 'GTB' };

test('customer: payments and cash adjustments add amount × factor', async () => {
  const b = await backendWith([
    { _id: 'pay1', stores: 'payment', client: cust, factor: -1, amount: 300, medium: 'cash', date: T0 }, // received: -300
    { _id: 'pay2', stores: 'payment', client: cust, factor: 1, amount: 50.25, medium: bankRef, date: T0 }, // sent: +50.25
    { _id: 'adj1', stores: 'cash-adjustment', client: cust, factor: 1, amount: 100, date: T0 }, // +100
    { _id: 'adj2', stores: 'cash-adjustment', client: cust, factor: -1, amount: 20.1, date: T0 }, // -20.10
  ]);
  assert.is(b.ctx.ledger.client('c1'), -169.85);
  await b.close();
});

test('customer: a sale adds Total − Amount paid (the VAT in the Total is owed); unmanaged sales touch no account', async () => {
  const b = await backendWith([
    { _id: 'sale1', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 1050, amount_paid: 400, vat: { amount: 50, percentage: 5, type: 'exclusive', withold: false }, date: T0 },
    { _id: 'sale2', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 200, amount_paid: 200, date: T0 },
    { _id: 'sale3', stores: 'sale', customer: { with_account: false, name: 'Walk-in' }, total_due: 999, amount_paid: 0, date: T0 },
  ]);
  assert.is(b.ctx.ledger.client('c1'), 650); // 1050 - 400 + 0
  await b.close();
});

test('stock transfer: sender − send_price × quantity, recipient + receive_price × quantity', async () => {
  const b = await backendWith([
    { _id: 'st1', stores: 'stock-transfer', sender: { name: 'A', account_ref: 'c1' }, recipient: { name: 'B', account_ref: 'c2' }, item: { id: 'X', name: 'X' }, quantity: 3, send_price: 10.5, receive_price: 12, date: T0 },
  ]);
  assert.is(b.ctx.ledger.client('c1'), -31.5);
  assert.is(b.ctx.ledger.client('c2'), 36);
  assert.is(b.ctx.ledger.stock('X'), 0); // a client-to-client transfer is not a stock movement
  await b.close();
});

test('supplier: a purchase adds amount_paid − total_due (negative = the business owes); payments sent raise it', async () => {
  const b = await backendWith([
    { _id: 'pu1', stores: 'purchase', supplier: { name: 'Dangote', account_ref: 's1' }, total_due: 5000, amount_paid: 1500, date: T0 }, // -3500
    { _id: 'pay1', stores: 'payment', client: { name: 'Dangote', account_ref: 's1' }, factor: 1, amount: 1000, medium: 'cash', date: T0 }, // +1000
  ]);
  assert.is(b.ctx.ledger.client('s1'), -2500);
  await b.close();
});

test('start balances are excluded payment entries: they count for the client, never for cash', async () => {
  const b = await backendWith([
    // a customer who started owing 700: positive value, factor 1
    { _id: 'sb1', stores: 'payment', client: cust, factor: 1, amount: 700, medium: 'Start balance', exclude: true, date: T0 },
    // a supplier the business started owing 400: negative value, factor -1
    { _id: 'sb2', stores: 'payment', client: { name: 'S', account_ref: 's1' }, factor: -1, amount: 400, medium: 'Start balance', exclude: true, date: T0 },
  ]);
  assert.is(b.ctx.ledger.client('c1'), 700);
  assert.is(b.ctx.ledger.client('s1'), -400);
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 0);
  await b.close();
});

test('returns with a client move its balance by their signed amount', async () => {
  const b = await backendWith([
    { _id: 'sale1', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 100, amount_paid: 0, date: T0 },
    { _id: 'r1', stores: 'good-returns', client: { name: 'Chidi', account_ref: 'c1' }, item: { id: 'X', name: 'X', rate: 10 }, quantity: 2, amount: -20, date: T0 },
  ]);
  assert.is(b.ctx.ledger.client('c1'), 80);
  await b.close();
});

test('banks and cash: sale and purchase payments split bank/cash, expenses and payments by medium', async () => {
  const b = await backendWith([
    { _id: 'sb', stores: 'payment', factor: -1, amount: 1000, medium: bankRef, exclude: true, details: 'Start balance', date: T0 }, // bank +1000
    { _id: 'sale1', stores: 'sale', customer: { with_account: false, name: 'W' }, total_due: 500, amount_paid: 500, bank: { name: bankRef, amount: 200 }, date: T0 }, // bank +200, cash +300
    { _id: 'pu1', stores: 'purchase', supplier: { name: 'S' }, total_due: 400, amount_paid: 400, bank: { name: bankRef, amount: 150 }, date: T0 }, // bank -150, cash -250
    { _id: 'pu2', stores: 'purchase', supplier: { name: 'S' }, total_due: 90, amount_paid: 90, date: T0 }, // cash -90
    { _id: 'ex1', stores: 'expense', amount: 35.5, source: bankRef, description: 'Fuel', date: T0 }, // bank -35.50
    { _id: 'ex2', stores: 'expense', amount: 10, source: 'cash', description: 'Water', date: T0 }, // cash -10
    { _id: 'pay1', stores: 'payment', client: cust, factor: -1, amount: 60, medium: bankRef, date: T0 }, // received: bank +60
    { _id: 'pay2', stores: 'payment', client: cust, factor: 1, amount: 25, medium: 'cash', date: T0 }, // sent: cash -25
  ]);
  assert.is(b.ctx.ledger.bank('bank1'), 1074.5); // 1000 + 200 - 150 - 35.5 + 60
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), -75); // 300 - 250 - 90 - 10 - 25
  assert.is(b.ctx.ledger.bank('unknown'), 0);
  await b.close();
});

test('deleting a payment or sale removes its client and bank terms', async () => {
  const b = await backendWith([
    { _id: 'sale1', stores: 'sale', customer: { ...cust, with_account: true }, total_due: 100, amount_paid: 30, bank: { name: bankRef, amount: 30 }, date: T0 },
    { _id: 'pay1', stores: 'payment', client: cust, factor: -1, amount: 50, medium: bankRef, date: T0 },
  ]);
  assert.is(b.ctx.ledger.client('c1'), 20);
  assert.is(b.ctx.ledger.bank('bank1'), 80);
  const db = b.ctx.db.main;
  await db.remove(await db.get('pay1'));
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client('c1'), 70);
  assert.is(b.ctx.ledger.bank('bank1'), 30);
  await db.put({ ...(await db.get('sale1')), _deleted: true });
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client('c1'), 0);
  assert.is(b.ctx.ledger.bank('bank1'), 0);
  await b.close();
});

test.run();
