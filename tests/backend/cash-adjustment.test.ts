/** cash-adjustment-create and stock-transfer-create against hand-computed balances, with their messages. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { balanceOf, cash, customer, supplier } from './client-fixtures';
import { stored } from '../support/docs';
import { adjustmentDirection } from '../../commands/payments';

const RICE = { _id: '7Arice', stores: 'item', name: 'Rice', price: 1000, purchasePrice: 800 };

test('a cash adjustment with factor 1 increases the customer\'s balance, -1 decreases it; no money account moves', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma', 1000);
  const up = ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: 1, amount: 250, details: 'Rounding' }));
  assert.is(await balanceOf(b, id), 1250);
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: -1, amount: '100.25' }));
  assert.is(await balanceOf(b, id), 1149.75);
  assert.is(await cash(b), 0);
  const doc = await stored(b.ctx.db.main, up.id, 'cash-adjustment');
  assert.equal([doc.stores, doc.factor, doc.amount, doc.details, doc.client], ['cash-adjustment', 1, 250, 'Rounding', { name: 'Chioma', account_ref: id }]);
  assert.ok(up.id.startsWith('1A'), 'adjustment ids carry the adjustment prefix');
  await b.close();
});

test('a supplier cash adjustment follows the same sign rule', async () => {
  const b = await makeBackend();
  const id = await supplier(b, 'Dangote', -500);
  ok(await b.dispatch('cash-adjustment-create', { kind: 'supplier', client: id, factor: -1, amount: 200 }));
  assert.is(await balanceOf(b, id), -700);
  await b.close();
});

test('cash adjustment messages: no client, amount 0', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma');
  assert.equal(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: '', factor: 1, amount: 5 }), {
    ok: false,
    error: { code: 'client-required', message: 'You must choose a customer' },
  });
  assert.equal(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: 1, amount: 0 }), {
    ok: false,
    error: { code: 'amount', message: 'Adjustment amount cannot be 0' },
  });
  await b.close();
});

test('a stock transfer: sender − send_price × quantity, recipient + receive_price × quantity', async () => {
  const b = await makeBackend();
  await b.ctx.db.main.put(RICE as never);
  const ada = await customer(b, 'Ada', -5000); // in credit: paid ahead for goods held
  const obi = await customer(b, 'Obi', 300);
  const saved = ok(await b.dispatch('stock-transfer-create', { sender: ada, recipient: obi, item: { id: RICE._id, name: 'Rice' }, quantity: 3, send_price: 1000, receive_price: '1,100.50', details: 'Gift' }));
  assert.is(await balanceOf(b, ada), -8000); // -5000 - 3 × 1000
  assert.is(await balanceOf(b, obi), 3601.5); // 300 + 3 × 1100.50
  const doc = await stored(b.ctx.db.main, saved.id, 'stock-transfer');
  assert.equal([doc.stores, doc.item, doc.quantity, doc.send_price, doc.receive_price, doc.sender.account_ref, doc.recipient.account_ref], [
    'stock-transfer', { id: RICE._id, name: 'Rice' }, 3, 1000, 1100.5, ada, obi,
  ]);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE._id), 0); // no warehouse stock moves
  assert.ok(saved.id.startsWith('8A'));
  await b.close();
});

test('stock transfer messages: customers required and different, an item, a quantity above 0', async () => {
  const b = await makeBackend();
  await b.ctx.db.main.put(RICE as never);
  const ada = await customer(b, 'Ada');
  const obi = await customer(b, 'Obi');
  const sup = await supplier(b, 'Dangote');
  const base = { sender: ada, recipient: obi, item: { id: RICE._id, name: 'Rice' }, quantity: 1, send_price: 1, receive_price: 1 };
  const err = async (input: Partial<typeof base>) => {
    const r = await b.dispatch('stock-transfer-create', { ...base, ...input });
    return r.ok ? 'ok' : r.error.message;
  };
  assert.is(await err({ sender: '' }), 'You must choose a customer');
  assert.is(await err({ recipient: sup }), 'You must choose a customer');
  assert.is(await err({ recipient: ada }), 'The sender and the recipient must be different customers');
  assert.is(await err({ item: { id: '', name: '' } }), 'You must select the item to be transferred');
  assert.is(await err({ quantity: 0 }), 'You cannot transfer less than one item');
  assert.is(await err({ send_price: -1 }), 'A price cannot be negative');
  assert.is(await balanceOf(b, ada), 0);
  assert.is(await err({}), 'ok');
  await b.close();
});

test('issue 39: a customer owing 9,793: the dialog says which way each direction goes; taking it off clears the debt, the statement says which way', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma', 9793);
  // Factor 1 is the spec's 'increasing customer cash': the customer holds more of our cash, so owes more.
  assert.is(adjustmentDirection('customer', 1), 'Increase customer cash: adds to what the customer owes');
  assert.is(adjustmentDirection('customer', -1), 'Decrease customer cash: takes off what the customer owes');
  assert.is(adjustmentDirection('supplier', 1), 'Increase supplier cash: takes off what you owe the supplier');
  assert.is(adjustmentDirection('supplier', -1), 'Decrease supplier cash: adds to what you owe the supplier');
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: -1, amount: 9793 }));
  assert.is(await balanceOf(b, id), 0);
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: id, factor: 1, amount: 500 }));
  assert.is(await balanceOf(b, id), 500);
  const page = ok(await b.dispatch('client-statement', { account: id, offset: 0, limit: 100 }));
  const rows = page.rows.filter((r) => r.stores === 'cash-adjustment').map((r) => r.description);
  assert.equal(rows.sort(), ['Cash adjustment: adds to what the customer owes', 'Cash adjustment: takes off what the customer owes']);
  const dangote = await supplier(b, 'Dangote', -1000);
  ok(await b.dispatch('cash-adjustment-create', { kind: 'supplier', client: dangote, factor: 1, amount: 1000 }));
  assert.is(await balanceOf(b, dangote), 0);
  const sup = ok(await b.dispatch('client-statement', { account: dangote, view: 'supplier', offset: 0, limit: 100 }));
  assert.equal(sup.rows.filter((r) => r.stores === 'cash-adjustment').map((r) => r.description), ['Cash adjustment: takes off what you owe the supplier']);
  await b.close();
});

test.run();
