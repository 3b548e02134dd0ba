/**
 * The SMS after a customer return (smsOnReturn, smsReturnTemplate): its date is DD/MM/YY (document 000
 * section 9), money in the configured currency; it goes to the phone given or the customer's on file, and
 * never to suppliers. The return is saved whatever happens to its message.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ClientDoc } from '../../commands/docs';
import { makeBackend, ok } from './helpers';
import { configure } from './sales-fixtures';
import { addItem } from './store-fixtures';
import { expectKind } from '../support/docs';

const TEMPLATE = 'Return of :quantity :name at :price (:amount) on :date. :details Balance :balance.';

async function fresh(units: number) {
  const b = await makeBackend();
  await b.ctx.db.shared.put({ _id: 'sms-credit-initial', stores: 'sms-credit', units, reason: 'initial', date: 0 } as never);
  await configure(b, { smsOnReturn: true, smsReturnTemplate: TEMPLATE, currency: '$' });
  const fan = await addItem(b, { name: 'Fan', price: 15000.5, purchasePrice: 12000, quantity: 10 });
  const bola = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Bola', phone_number: '08035550000' })) as ClientDoc;
  return { b, fan, bola };
}

const outbox = async (b: Awaited<ReturnType<typeof makeBackend>>) =>
  (await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true })).rows.map((r) => expectKind(r.doc, 'sms'));

test("a customer's return queues the return template with a DD/MM/YY date to the phone on file", async () => {
  const { b, fan, bola } = await fresh(10);
  const r = ok(await b.dispatch('return-create', { kind: 'customer', item: fan, quantity: 3, client: { name: 'Bola', account_ref: bola._id }, details: 'faulty' }));
  const [sms] = await outbox(b);
  assert.is(r.sms, sms._id);
  assert.equal([sms.recipient, sms.kind, sms.ref, sms.units], ['+2348035550000', 'return', r.id, 1]);
  // T0 is 5 March 2026; the customer is owed what they returned: a negative balance.
  assert.is(sms.message, 'Return of 3 Fan at $15,000.50 ($45,001.50) on 05/03/26. faulty Balance $45,001.50 (you are owed).');
  assert.is(ok(await b.dispatch('sms-balance', {})).balance, 9);
  await b.close();
});

test('a phone typed with the return wins; supplier returns, damaged goods and the switch off send nothing', async () => {
  const { b, fan, bola } = await fresh(10);
  ok(await b.dispatch('return-create', { kind: 'customer', item: fan, quantity: 1, client: { name: 'Bola', account_ref: bola._id, phone_number: '08099990000' } }));
  assert.equal((await outbox(b)).map((s) => s.recipient), ['+2348099990000']);
  const ade = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Ade Supplies', phone_number: '08031112222' })) as ClientDoc;
  ok(await b.dispatch('return-create', { kind: 'supplier', item: fan, quantity: 1, client: { name: 'Ade Supplies', account_ref: ade._id } }));
  ok(await b.dispatch('return-create', { kind: 'damaged', item: fan, quantity: 1 }));
  await configure(b, { smsOnReturn: false });
  ok(await b.dispatch('return-create', { kind: 'customer', item: fan, quantity: 1, client: { name: 'Bola', account_ref: bola._id } }));
  assert.is((await outbox(b)).length, 1);
  await b.close();
});

test('too few units: the return is saved and the notice comes back', async () => {
  const { b, fan, bola } = await fresh(0);
  const r = ok(await b.dispatch('return-create', { kind: 'customer', item: fan, quantity: 1, client: { name: 'Bola', account_ref: bola._id } }));
  assert.is(r.smsNotice, 'SMS units has been exhausted');
  assert.ok(await b.ctx.db.main.get(r.id));
  assert.is((await outbox(b)).length, 0);
  await b.close();
});

test.run();
