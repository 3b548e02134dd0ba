/**
 * Names, descriptions and notes have a length (issue 27, item 6; commands/lib/text-limits.ts): a 5,000-character
 * item name was accepted and the store printout became 36 landscape pages of one-letter columns. The worker
 * refuses it with a message naming the field and its length, and writes nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { configure, saleInput, seed } from './sales-fixtures';
import { CUSTOMER, RICE } from '../support/fixtures';
import type { NodeBackend } from '../../worker/backend';

async function refusal(b: NodeBackend, run: () => Promise<unknown>) {
  const before = (await b.ctx.db.main.info()).update_seq;
  const r = (await run()) as { ok: boolean; error?: { message: string } };
  assert.is((await b.ctx.db.main.info()).update_seq, before, 'nothing written');
  return r.ok ? 'saved' : r.error!.message;
}

test('a 5,000-character item name is refused with the message; 120 characters are an item name like any other', async () => {
  const b = await makeBackend();
  await seed(b);
  const said = await refusal(b, () => b.dispatch('item-create', { name: 'A'.repeat(5000), price: 100, purchasePrice: 80 }));
  assert.ok(said.includes('Item name must be at most 120 characters (this one has 5,000)'), said);
  const renamed = await refusal(b, () => b.dispatch('item-update', { id: RICE.id, name: 'B'.repeat(121) }));
  assert.ok(renamed.includes('Item name must be at most 120 characters (this one has 121)'), renamed);
  const long = await refusal(b, () => b.dispatch('item-update', { id: RICE.id, description: 'word '.repeat(101) }));
  assert.ok(long.includes('Description must be at most 500 characters'), long);
  ok(await b.dispatch('item-create', { name: 'C'.repeat(120), price: 100, purchasePrice: 80 }));
  await b.close();
});

test('every kind of name and note is bounded: customers, categories, warehouses, banks, expenses, payments, sales', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { clientAddress: true });
  const name = 'N'.repeat(121);
  const note = 'n'.repeat(501);
  const cases: [string, () => Promise<unknown>, string][] = [
    ['customer', () => b.dispatch('client-create', { kind: 'customer', name }), 'Name must be at most 120 characters'],
    ['customer address', () => b.dispatch('client-update', { id: CUSTOMER._id, name: 'Ok', address: note }), 'Address must be at most 500 characters'],
    ['category', () => b.dispatch('category-create', { value: name }), 'Category must be at most 120 characters'],
    ['variation', () => b.dispatch('variation-create', { type: 'Colour', value: name }), 'Variation value must be at most 120 characters'],
    ['warehouse', () => b.dispatch('warehouse-create', { location: name }), 'Warehouse name must be at most 120 characters'],
    ['bank', () => b.dispatch('bank-create', { name, account_name: 'Shop', account_number: '1' }), 'Bank name must be at most 120 characters'],
    ['expense', () => b.dispatch('expense-create', { amount: 10, description: note, source: 'cash' }), 'Purpose must be at most 500 characters'],
    ['payment', () => b.dispatch('payment-create', { kind: 'customer', client: CUSTOMER._id, factor: -1, amount: 5, medium: 'cash', details: note }), 'Details must be at most 500 characters'],
    ['walk-in', () => b.dispatch('sale-create', saleInput({ customer: { with_account: false, name } })), 'Customer name must be at most 120 characters'],
  ];
  for (const [what, run, message] of cases) {
    const said = await refusal(b, run);
    assert.ok(said.includes(message), `${what}: ${said}`);
  }
  await b.close();
});

test('an item from before the limits keeps its long name: its price can change, its name only to one within the limit', async () => {
  const b = await makeBackend();
  await seed(b);
  const legacy = await b.ctx.db.main.get(RICE.id);
  await b.ctx.db.main.put({ ...legacy, name: 'L'.repeat(300) } as never);
  ok(await b.dispatch('item-update', { id: RICE.id, price: 2000 }));
  const said = await refusal(b, () => b.dispatch('item-update', { id: RICE.id, name: 'M'.repeat(300) }));
  assert.ok(said.includes('Item name must be at most 120 characters (this one has 300)'), said);
  ok(await b.dispatch('item-update', { id: RICE.id, name: 'Rice' }));
  await b.close();
});

test.run();
