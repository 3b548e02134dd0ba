/** The SMS after a payment, a cash adjustment and a stock transfer: behind each switch, filled from its template. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import type { NodeBackend } from '../../worker/backend';
import { makeBackend, ok } from './helpers';
import { configure } from './sales-fixtures';
import { customer } from './client-fixtures';
import { expectKind } from '../support/docs';

async function outbox(b: NodeBackend): Promise<SmsDoc[]> {
  const res = await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true });
  return res.rows.map((r) => expectKind(r.doc, 'sms'));
}

async function fresh(units: number) {
  const b = await makeBackend();
  // The server's credit (clients never write one; here the test stands in for the server).
  if (units) await b.ctx.db.shared.put({ _id: 'sms-credit-initial', stores: 'sms-credit', units, reason: 'initial', date: 0 } as never);
  await b.ctx.db.main.put({ _id: '7Arice', stores: 'item', name: 'Rice', price: 10, purchasePrice: 8 } as never);
  return b;
}

test('switches off (the default): nothing is queued', async () => {
  const b = await fresh(10);
  const id = await customer(b, 'Chioma', 100, '08030000000');
  const saved = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: 40, medium: 'cash' }));
  assert.is(saved.sms, undefined);
  assert.is((await outbox(b)).length, 0);
  await b.close();
});

test('a payment, an adjustment and a transfer each queue their filled template', async () => {
  const b = await fresh(10);
  await configure(b, {
    smsOnPayment: true,
    smsOnAdjustment: true,
    smsOnTransfer: true,
    smsPaymentTemplate: 'Dear :name, we got :amount on :date. Balance :balance. :details',
    smsAdjustmentTemplate: ':name adjusted :amount (:details), balance :balance',
    smsTransferTemplate: ':name: :quantity :items at :price = :amount, balance :balance',
  });
  const chi = await customer(b, 'Chioma', 100, '08030000000');
  const obi = await customer(b, 'Obi', 0, '08031111111');
  const nophone = await customer(b, 'Tunde', 0);
  const pay = ok(await b.dispatch('payment-create', { kind: 'customer', client: chi, factor: -1, amount: 40, medium: 'cash', details: 'Thanks' }));
  const adj = ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: chi, factor: -1, amount: 10, details: 'Rounding' }));
  const tr = ok(await b.dispatch('stock-transfer-create', { sender: chi, recipient: obi, item: { id: '7Arice', name: 'Rice' }, quantity: 2, send_price: 5, receive_price: 6 }));
  const none = ok(await b.dispatch('payment-create', { kind: 'customer', client: nophone, factor: -1, amount: 1, medium: 'cash' }));
  assert.is(none.sms, undefined);
  const sms = await outbox(b);
  const text = (ref: string) => sms.filter((m) => m.ref === ref).map((m) => [m.recipient, m.message]);
  assert.equal(text(pay.id), [['+2348030000000', 'Dear Chioma, we got ₦40.00 on 2026/03/05. Balance ₦60.00 (you owe). Thanks']]);
  assert.is(pay.sms, sms.find((m) => m.ref === pay.id)!._id);
  assert.equal(text(adj.id), [['+2348030000000', 'Chioma adjusted -₦10.00 (Rounding), balance ₦50.00 (you owe)']]);
  assert.equal(text(tr.id), [
    ['+2348030000000', 'Chioma: 2 Rice at 5 = -₦10.00, balance ₦40.00 (you owe)'],
    ['+2348031111111', 'Obi: 2 Rice at 6 = ₦12.00, balance ₦12.00 (you owe)'],
  ]);
  assert.is(tr.sms?.length, 2);
  await b.close();
});

test('too few units: the payment is saved, the notice says so; a transfer gets the credits-exhausted alert text', async () => {
  const b = await fresh(0);
  await configure(b, { smsOnPayment: true, smsOnTransfer: true });
  const chi = await customer(b, 'Chioma', 100, '08030000000');
  const obi = await customer(b, 'Obi', 0, '08031111111');
  const saved = ok(await b.dispatch('payment-create', { kind: 'customer', client: chi, factor: -1, amount: 40, medium: 'cash' }));
  assert.is(saved.smsNotice, 'SMS units has been exhausted');
  assert.ok(await b.ctx.db.main.get(saved.id), 'the payment is saved');
  const tr = ok(await b.dispatch('stock-transfer-create', { sender: chi, recipient: obi, item: { id: '7Arice', name: 'Rice' }, quantity: 1, send_price: 5, receive_price: 5 }));
  assert.is(tr.smsNotice, 'Message cannot be sent. SMS Credits exhausted');
  assert.is(tr.smsAlert, true);
  assert.is((await outbox(b)).length, 0);
  await b.close();
});

test('a payment to a supplier is said in the supplier\'s words, and the balance as who owes whom', async () => {
  const b = await fresh(10);
  await configure(b, { smsOnPayment: true });
  // The business owes Kano Mills 73,200 (a negative start balance) and pays 20,000 of it.
  const kano = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Kano Mills', balance: -73200, phone_number: '0809 000 1111' }))._id;
  const pay = ok(await b.dispatch('payment-create', { kind: 'supplier', client: kano, factor: 1, amount: 20000, medium: 'cash' }));
  const [sms] = (await outbox(b)).filter((m) => m.ref === pay.id);
  assert.is(sms.recipient, '+2348090001111');
  assert.is(sms.message, 'Payment of ₦20,000.00 to you recorded on 2026/03/05. Balance ₦53,200.00 (you are owed).');
  await b.close();
});

test.run();
