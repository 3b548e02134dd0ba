/**
 * One bound for every amount, quantity and percentage (issue 27, item 5; commands/lib/bounds.ts): the worker
 * refuses a price of 999999999999999 (it showed '₦999,999,999,999,999.04') and an expense of
 * 99999999999999999999 (the cashbook then showed 'Cash out ₦100,000,000,000,000,080,000.08') with a message
 * naming the field, and writes nothing. Every command that takes an amount, price or quantity is tried.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { saleInput, seed, line } from './sales-fixtures';
import { purchaseForm } from './purchase-fixtures';
import { CUSTOMER, RICE, RICE_BAG, SUPPLIER } from '../support/fixtures';
import { seedItems } from './item-seed';
import type { NodeBackend } from '../../worker/backend';

const HUGE_PRICE = 999999999999999;
const HUGE_EXPENSE = '99999999999999999999';

async function setup() {
  const b = await makeBackend();
  await seed(b);
  await seedItems(b, [], [{ _id: 'client-supplier', stores: 'supplier', name: SUPPLIER.name }]);
  return b;
}

/** The reply's message, and proof that the command wrote nothing at all. */
async function refusal(b: NodeBackend, run: () => Promise<{ ok: boolean; error?: { message: string } } | { ok: true; value: unknown }>) {
  const before = (await b.ctx.db.main.info()).update_seq;
  const r = (await run()) as { ok: boolean; error?: { message: string } };
  assert.is((await b.ctx.db.main.info()).update_seq, before, 'nothing written');
  return r.ok ? 'saved' : r.error!.message;
}

test('the issue: a price of 999999999999999 and an expense of 99999999999999999999 are refused with the message, nothing saved', async () => {
  const b = await setup();
  assert.match(await refusal(b, () => b.dispatch('item-create', { name: 'Gold', price: HUGE_PRICE, purchasePrice: 1 })), 'Price must be below 1,000,000,000,000');
  assert.is(await refusal(b, () => b.dispatch('expense-create', { amount: HUGE_EXPENSE, description: 'Rent', source: 'cash' })), 'Amount must be below 1,000,000,000,000');
  assert.match(await refusal(b, () => b.dispatch('item-update', { id: RICE.id, price: '1,000,000,000,000' })), 'Price must be below 1,000,000,000,000');
  // Just below the bound is an amount like any other.
  const gold = ok(await b.dispatch('item-create', { name: 'Gold', price: 999999999999, purchasePrice: 1 }));
  assert.ok(gold.id);
  ok(await b.dispatch('expense-create', { amount: '999,999,999,999', description: 'Rent', source: 'cash' }));
  await b.close();
});

test('every command that takes an amount, price or quantity refuses one past its bound, naming the field', async () => {
  const b = await setup();
  const shop2 = ok(await b.dispatch('warehouse-create', { location: 'Shop 2' })).id;
  const cases: [string, () => Promise<unknown>, string][] = [
    ['item starting quantity', () => b.dispatch('item-create', { name: 'Nails', price: 1, purchasePrice: 1, quantity: 2e9 }), 'Starting quantity must be below 1,000,000,000'],
    ['item purchase price', () => b.dispatch('item-create', { name: 'Nails', price: 1, purchasePrice: 1e13 }), 'Purchase price must be below 1,000,000,000,000'],
    ['reorder level', () => b.dispatch('item-update', { id: RICE.id, reorderLevel: '5000000000' }), 'Reorder level must be below 1,000,000,000'],
    ['sale quantity', () => b.dispatch('sale-create', saleInput({ items: [line(RICE, 5e9)] })), 'Quantity must be below 1,000,000,000'],
    ['sale price', () => b.dispatch('sale-create', saleInput({ items: [line(RICE, 1, { price: HUGE_PRICE })] })), 'Price must be below 1,000,000,000,000'],
    ['sale line total', () => b.dispatch('sale-create', saleInput({ items: [line(RICE, 5, { price: 999999999999 })] })), 'Price × quantity must be below 1,000,000,000,000'],
    ['sale amount paid', () => b.dispatch('sale-create', saleInput({ amount_paid: 1e16 })), 'Amount paid must be below 1,000,000,000,000'],
    ['purchase price', () => b.dispatch('purchase-create', purchaseForm({ items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: HUGE_PRICE }] })), 'Price must be below 1,000,000,000,000'],
    ['purchase quantity', () => b.dispatch('purchase-create', purchaseForm({ items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 2e9, price: 1 }] })), 'Quantity must be below 1,000,000,000'],
    ['payment', () => b.dispatch('payment-create', { kind: 'customer', client: CUSTOMER._id, factor: -1, amount: HUGE_EXPENSE, medium: 'cash' }), 'Amount must be below 1,000,000,000,000'],
    ['cash adjustment', () => b.dispatch('cash-adjustment-create', { kind: 'customer', client: CUSTOMER._id, factor: 1, amount: -1e13 }), 'Amount must be above -1,000,000,000,000'],
    ['client start balance', () => b.dispatch('client-create', { kind: 'customer', name: 'Big Debtor', balance: HUGE_EXPENSE }), 'Start balance must be below 1,000,000,000,000'],
    ['bank opening balance', () => b.dispatch('bank-create', { name: 'GTB', account_name: 'Shop', account_number: '1', balance: HUGE_PRICE }), 'Opening balance must be below 1,000,000,000,000'],
    ['return rate', () => b.dispatch('return-create', { kind: 'customer', item: RICE.id, quantity: 1, rate: HUGE_PRICE }), 'Rate must be below 1,000,000,000,000'],
    ['damaged quantity', () => b.dispatch('return-create', { kind: 'damaged', item: RICE.id, quantity: 2e9 }), 'Quantity must be below 1,000,000,000'],
    ['warehouse transfer', () => b.dispatch('warehouse-transfer', { item: RICE.id, from: 'store', to: shop2, quantity: 2e9 }), 'Quantity must be below 1,000,000,000'],
    ['issue price', () => b.dispatch('issue-create', { collector: { name: 'Kitchen' }, date: T0, items: [{ id: RICE.id, name: RICE.name, quantity: 1, price: HUGE_PRICE }], amount_paid: 0, acceptDebt: true, direction: 'issue-out' }), 'Price must be below 1,000,000,000,000'],
  ];
  for (const [what, run, message] of cases) {
    const said = await refusal(b, run as never);
    assert.ok(said.includes(message), `${what}: ${said}`);
  }
  await b.close();
});

test('a sale whose VAT or discount percentage is past 100 is refused', async () => {
  const b = await setup();
  ok(await b.dispatch('config-set', { useVat: true, percentageDiscount: true }));
  await b.settled();
  assert.is(await refusal(b, () => b.dispatch('sale-create', saleInput({ discount: { percentage: 250 } }))), 'Discount percentage must be between 0 and 100');
  await b.close();
});

test.run();
