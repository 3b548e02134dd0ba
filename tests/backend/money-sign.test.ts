/**
 * Money has a sign (issue 36, finding 6): an amount paid, a payment or an adjustment typed below 0 is refused
 * with a clear message and nothing is written; which way money moves is the factor's job alone. On a1cae3b a
 * quick sale's "Amount paid" of -5 asked to confirm a payment of -₦5.00 and then saved it (₦5.00 out of the
 * cash account), and a customer payment of "-5000" was saved as a payment the other way.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend } from './helpers';
import { customer } from './client-fixtures';
import { line, saleInput, seed } from './sales-fixtures';
import { purchaseForm } from './purchase-fixtures';
import { seedItems } from './item-seed';
import { RICE, RICE_BAG } from '../support/fixtures';

const refused = (label: string) => ({ ok: false, error: { code: 'negative-amount', message: `${label} cannot be negative.` } });

test('a sale or purchase with an amount paid below 0 is refused, confirmed or not; nothing is written', async () => {
  const b = await makeBackend();
  await seed(b);
  const before = (await b.ctx.db.main.allDocs()).total_rows;
  assert.equal(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: -5 })), refused('Amount paid'));
  assert.equal(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: '-5' as never, confirmDebt: true })), refused('Amount paid'));
  assert.is((await b.ctx.db.main.allDocs()).total_rows, before);
  await b.close();
  const p = await makeBackend();
  await seedItems(p, [RICE_BAG]);
  const stocked = (await p.ctx.db.main.allDocs()).total_rows;
  assert.equal(await p.dispatch('purchase-create', purchaseForm({ amount_paid: '-5' as never, items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: 100 }] })), refused('Amount paid'));
  assert.is((await p.ctx.db.main.allDocs()).total_rows, stocked);
  await p.close();
});

test('a payment or cash adjustment of -5,000 is refused, not turned the other way', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma');
  const before = (await b.ctx.db.main.allDocs()).total_rows;
  assert.equal(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: '-5000', medium: 'cash' }), refused('The payment amount'));
  assert.equal(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: 1, amount: '-5000' }), refused('The adjustment amount'));
  assert.is((await b.ctx.db.main.allDocs()).total_rows, before);
  await b.close();
});

test.run();
