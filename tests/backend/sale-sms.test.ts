/**
 * The SMS after a sale (sale-create): queued to the outbox as {sender, recipient, message} with the sale
 * template's placeholders filled, carrying its units (the derived balance drops by them); none when the settings
 * are off, the phone is missing or the units are too few ('SMS units has been exhausted').
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { makeBackend, ok } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { CUSTOMER, RICE, BEANS } from '../support/fixtures';
import { expectKind } from '../support/docs';

const TEMPLATE = 'Dear :name, thanks for :items (:quantity). Sub :sub, total :total, paid :paid, balance :balance. Invoice :invoice on :date. :details';

async function fresh(units: number | undefined, settings: Parameters<typeof configure>[1] = {}) {
  const b = await makeBackend();
  await seed(b);
  // The server's credit (clients never write one; here the test stands in for the server).
  if (units !== undefined) await b.ctx.db.shared.put({ _id: 'sms-credit-initial', stores: 'sms-credit', units, reason: 'initial', date: 0 } as never);
  await configure(b, { smsOnSale: true, smsSaleTemplate: TEMPLATE, smsSender: 'AdaStoresLa', ...settings });
  return b;
}

async function outbox(b: Awaited<ReturnType<typeof fresh>>): Promise<SmsDoc[]> {
  const res = await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff', include_docs: true });
  return res.rows.map((r) => expectKind(r.doc, 'sms'));
}

const unitsLeft = async (b: Awaited<ReturnType<typeof fresh>>) => ok(await b.dispatch('sms-balance', {})).balance;

test('a managed customer\'s sale queues the filled template to their phone and uses its units', async () => {
  const b = await fresh(10);
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2), line(BEANS, 1)], amount_paid: 3000, confirmDebt: true })));
  const [sms] = await outbox(b);
  assert.ok(sms, 'an SMS was queued');
  assert.is(saved.sms, sms._id);
  assert.is(saved.smsNotice, undefined);
  assert.ok(sms._id.startsWith('fA'), 'SMS ids carry the sms prefix');
  assert.equal([sms.stores, sms.sender, sms.recipient, sms.status, sms.ref, sms.units, sms.kind], ['sms', '', CUSTOMER.phone_number, 'queued', saved.id, 2, 'sale']);
  // Rice 2 × 1,250.50 + Beans 800 = 3,301; paid 3,000; the customer's account balance after the sale is 301.
  assert.is(
    sms.message,
    `Dear Chioma, thanks for Rice & Beans (3). Sub ₦3,301.00, total ₦3,301.00, paid ₦3,000.00, balance ₦301.00 (you owe). Invoice ${saved.invoice_number} on 2026/03/05. 2 Rice @ ₦1,250.50, 1 Beans @ ₦800.00`,
  );
  assert.ok(sms.message.length > 160 && sms.message.length <= 320);
  assert.is(await unitsLeft(b), 8); // over 160 characters: two segments
  await b.close();
});

test('no SMS when the setting is off or the customer has no phone; unmanaged sales follow their own setting', async () => {
  const b = await fresh(10, { smsOnSale: false, smsOnUnmanagedSale: true });
  const managed = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(managed.sms, undefined);
  assert.is((await outbox(b)).length, 0);
  const walkIn = ok(await b.dispatch('sale-create', saleInput({ customer: { with_account: false, name: 'Walk-in', phone_number: '08031112222' }, amount_paid: 2000, confirmDebt: true })));
  const [sms] = await outbox(b);
  assert.is(walkIn.sms, sms._id);
  assert.is(sms.recipient, '+2348031112222');
  assert.ok(sms.message.includes('balance ₦501.00 (you owe)'), 'a walk-in\'s balance is what is left unpaid');
  await configure(b, { smsOnSale: true });
  const noPhone = ok(await b.dispatch('sale-create', saleInput({ customer: { with_account: true, name: CUSTOMER.name, account_ref: CUSTOMER._id } })));
  assert.is(noPhone.warning, 'Customer phone number is not provided. SMS might not be delivered');
  assert.is(noPhone.sms, undefined);
  assert.is((await outbox(b)).length, 1);
  await b.close();
});

test('a phone that is no phone number: the sale is saved, nothing queued, the notice says so; a long text is cut', async () => {
  const b = await fresh(20, { smsOnUnmanagedSale: true });
  const walkIn = (phone_number: string) => saleInput({ customer: { with_account: false, name: 'Walk-in', phone_number }, amount_paid: 2000, confirmDebt: true });
  const bad = ok(await b.dispatch('sale-create', walkIn('0803')));
  assert.is(bad.smsNotice, 'The phone number is not a phone number: no SMS was sent');
  assert.ok(await b.ctx.db.main.get(bad.id), 'the sale itself was saved');
  assert.is((await outbox(b)).length, 0);
  await configure(b, { smsSaleTemplate: 'y'.repeat(2000) });
  const long = ok(await b.dispatch('sale-create', walkIn('0803 111 2222')));
  const [sms] = await outbox(b);
  assert.is(long.sms, sms._id);
  assert.equal([sms.recipient, sms.message.length, sms.units], ['+2348031112222', 1600, 10]);
  await b.close();
});

test('too few units: the sale is saved, nothing is queued, and the spec\'s notice comes back', async () => {
  const b = await fresh(1, { smsSaleTemplate: 'x'.repeat(161) });
  const saved = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(saved.smsNotice, 'SMS units has been exhausted');
  assert.is(saved.sms, undefined);
  assert.ok(await b.ctx.db.main.get(saved.id), 'the sale itself was saved');
  assert.is((await outbox(b)).length, 0);
  assert.is(await unitsLeft(b), 1);
  const none = await fresh(undefined);
  assert.is(ok(await none.dispatch('sale-create', saleInput())).smsNotice, 'SMS units has been exhausted');
  await b.close();
  await none.close();
});

test('editing a sale sends no second SMS', async () => {
  const b = await fresh(10, { editableInvoice: true });
  const saved = ok(await b.dispatch('sale-create', saleInput()));
  const { customer: _c, ...rest } = saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 });
  ok(await b.dispatch('sale-update', { ...rest, id: saved.id }));
  assert.is((await outbox(b)).length, 1);
  assert.is(await unitsLeft(b), 9);
  await b.close();
});

test.run();
