/**
 * Every amount, quantity and percentage has one bound, and the server keeps it over real HTTP (issue 27, item 5):
 * a device that skips the worker's check (an old build, a hand-made request) cannot store a price of
 * 999999999999999 or an expense of 99999999999999999999. validate_doc_update walks the same table as the worker
 * (commands/lib/doc-limits.ts) and answers 403 with the worker's message; nothing is stored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('money, quantities and percentages past their bound are refused with 403 and the message; at the bound they are stored', async () => {
  const a = await registerBusiness(env.server, { name: 'Bounds Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const user = { username: a.username, fullname: 'x' };
  const put = async (id: string, doc: object) => {
    const res = await a.owner.call('PUT', `${main}/${id}`, doc);
    return { status: res.status, reason: String(res.body?.reason ?? '') };
  };
  const refused = async (id: string, doc: object, reason: string) => {
    const res = await put(id, doc);
    assert.equal(res, { status: 403, reason }, `${id} ${JSON.stringify(doc)}`);
    assert.is((await a.owner.call('GET', `${main}/${id}`)).status, 404, `${id} was stored`);
  };
  const item = { stores: 'item', name: 'Soap', price: 100, purchasePrice: 80, date: 1000, user };
  const expense = { stores: 'expense', amount: 1200, source: 'cash', description: 'Shop rent', date: 1 };

  // The two: a price that showed '₦999,999,999,999,999.04', an expense that showed 'Cash out ₦100,000,000,000,000,080,000.08'.
  await refused('item-huge', { ...item, price: 999999999999999 }, 'Price must be below 1,000,000,000,000');
  await refused('aAhuge', { ...expense, amount: 99999999999999999999 }, 'Amount must be below 1,000,000,000,000');
  await refused('item-cost', { ...item, purchasePrice: 1e12 }, 'Purchase price must be below 1,000,000,000,000');
  await refused('item-variant', { ...item, variants: [{ _id: 'v1', group: 'g', price: 1e13, values: {} }] }, 'Variant price must be below 1,000,000,000,000');
  await refused('item-level', { ...item, reorderLevels: { store: 1e9 } }, 'Reorder level must be below 1,000,000,000');
  await refused('cAbank', { stores: 'bank', name: 'GTB', account_name: '', account_number: '', balance: -1e15 }, 'Opening balance must be above -1,000,000,000,000');
  await refused('pAstart', { stores: 'payment', factor: -1, amount: 5e12, medium: 'cash', date: 1 }, 'Amount must be below 1,000,000,000,000');
  const line = { id: 'item-ok', name: 'Soap', quantity: 2, price: 100 };
  const sale = {
    stores: 'sale', invoice_number: '1', customer: { with_account: false, name: 'Walk-in' }, items: [line],
    amount_paid: 200, total_due: 200, total_quantity: 2, summary: 'Sale of Soap', date: 1, user,
  };
  await refused('sale-qty', { ...sale, items: [{ ...line, quantity: 5e9 }] }, 'Quantity must be below 1,000,000,000');
  await refused('sale-total', { ...sale, total_due: 2e12, amount_paid: 0 }, 'Total due must be below 1,000,000,000,000');
  await refused('sale-vat', { ...sale, vat: { amount: 0, percentage: 150, type: 'exclusive', withold: false } }, 'VAT percentage must be between 0 and 100');
  await refused('sale-line', { stores: 'sale_item', ...line, price: 1e15, transaction: { ref: 'sale-x' }, factor: -1, date: 1, user }, 'Price must be below 1,000,000,000,000');
  await refused('stock-big', { stores: 'stock', item: { name: 'Soap', id: 'item-ok' }, quantity: 1e10, price: 1, extra_notes: 'Starting stock', date: 1, user }, 'Starting quantity must be below 1,000,000,000');

  // At the bound, everything is stored.
  assert.is((await put('item-ok', { ...item, price: 999999999999, purchasePrice: 999999999999, reorderLevel: 999999999 })).status, 201);
  assert.is((await put('aAok', { ...expense, amount: 999999999999 })).status, 201);
  assert.is((await put('sale-ok', { ...sale, items: [{ ...line, quantity: 999999999 }] })).status, 201);

  // In a batch, the document past its bound alone is refused, with the reason.
  const bulk = await a.owner.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: 'aAbulk1', ...expense, amount: 1e20 }, { _id: 'aAbulk2', ...expense }] });
  assert.equal(bulk.body.map((r: { ok?: boolean; error?: string }) => r.ok ?? r.error), ['forbidden', true], JSON.stringify(bulk.body));
  assert.is(bulk.body[0].reason, 'Amount must be below 1,000,000,000,000');
});

test.run();
