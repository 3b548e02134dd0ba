/**
 * payment-create, payment-get and payment-delete: direction by factor against hand-computed client, cash and
 * bank balances; the spec's messages; the receipt redirect; deletion under the shared delete policy.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DELETE_DENIED } from '../../commands/lib/deletion';
import { fixedClock, makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';
import { configure } from './sales-fixtures';
import { balanceOf, bank, cash, customer, supplier } from './client-fixtures';
import { stored } from '../support/docs';

test('a customer paying (factor -1, the default) lowers what they owe and raises the cash', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma', 5000); // start balance: owes 5,000 (no money account moves)
  assert.is(await balanceOf(b, id), 5000);
  assert.is(await cash(b), 0);
  const saved = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: '1,200.50', medium: 'cash', teller_number: ' T-7 ', details: 'Part payment' }));
  assert.is(saved.redirect, `/payment/invoice/${saved.id}`); // paymentRedirect is on by default
  assert.is(await balanceOf(b, id), 3799.5);
  assert.is(await cash(b), 1200.5);
  const doc = await stored(b.ctx.db.main, saved.id, 'payment');
  assert.equal(
    [doc.stores, doc.factor, doc.amount, doc.medium, doc.teller_number, doc.details, doc.by, doc.client, doc.exclude, doc.user?.username],
    ['payment', -1, 1200.5, 'cash', 'T-7', 'Part payment', id, { name: 'Chioma', account_ref: id }, undefined, OWNER.username],
  );
  assert.ok(saved.id.startsWith('5A'), 'payment ids carry the payment prefix');
  await b.close();
});

test('money sent (factor +1) through a bank: a supplier we owe is paid, the bank goes down', async () => {
  const b = await makeBackend();
  const gtb = await bank(b);
  const id = await supplier(b, 'Dangote', -10000); // the business owes 10,000
  assert.is(await balanceOf(b, id), -10000);
  ok(await b.dispatch('payment-create', { kind: 'supplier', client: id, factor: 1, amount: 4000, medium: gtb }));
  assert.is(await balanceOf(b, id), -6000);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.bank(gtb.ref), -4000);
  // The Change button: a refund from the supplier (factor -1) moves both the other way.
  ok(await b.dispatch('payment-create', { kind: 'supplier', client: id, factor: -1, amount: 500, medium: 'cash' }));
  assert.is(await balanceOf(b, id), -6500);
  assert.is(await cash(b), 500);
  await b.close();
});

test('a Start balance payment is excluded and touches no money account; a negative amount is refused, not turned the other way', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Emeka');
  const sb = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: 1, amount: 750, medium: 'Start balance' }));
  const doc = await stored(b.ctx.db.main, sb.id, 'payment');
  assert.equal([doc.exclude, doc.medium, doc.factor], [true, 'Start balance', 1]);
  assert.is(await balanceOf(b, id), 750);
  assert.is(await cash(b), 0);
  // Money has a sign (issue 36): the direction is the factor's; a typed -50 is refused with a clear message.
  const neg = await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: -50, medium: 'cash' });
  assert.equal(neg, { ok: false, error: { code: 'negative-amount', message: 'The payment amount cannot be negative.' } });
  assert.is(await balanceOf(b, id), 750);
  assert.is(await cash(b), 0);
  await b.close();
});

test("the spec's messages: no client chosen, amount 0; an unknown bank; nothing is written", async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma');
  const sup = await supplier(b, 'Dangote');
  const base = { factor: -1 as const, amount: 10, medium: 'cash' as const };
  assert.equal(await b.dispatch('payment-create', { ...base, kind: 'customer', client: '' }), { ok: false, error: { code: 'client-required', message: 'You must choose a customer' } });
  assert.equal(await b.dispatch('payment-create', { ...base, kind: 'supplier', client: '' }), { ok: false, error: { code: 'client-required', message: 'You must choose a supplier' } });
  // a supplier chosen from the customer dialog is not a customer
  assert.is((await b.dispatch('payment-create', { ...base, kind: 'customer', client: sup })).ok, false);
  assert.equal(await b.dispatch('payment-create', { ...base, kind: 'customer', client: id, amount: '0.00' }), { ok: false, error: { code: 'amount', message: 'Payment amount cannot be 0' } });
  assert.equal(await b.dispatch('payment-create', { ...base, kind: 'customer', client: id, amount: 'abc' }), { ok: false, error: { code: 'amount', message: 'Payment amount cannot be 0' } });
  const bad = await b.dispatch('payment-create', { ...base, kind: 'customer', client: id, medium: { ref: 'cNope', name: 'Gone' } });
  assert.equal(bad, { ok: false, error: { code: 'bank-unknown', message: 'This bank account no longer exists' } });
  const payments = await b.ctx.db.main.allDocs({ startkey: '5', endkey: '5\uffff' });
  assert.is(payments.rows.length, 0);
  await b.close();
});

test('paymentRedirect off: no receipt redirect', async () => {
  const b = await makeBackend();
  await configure(b, { paymentRedirect: false });
  const id = await customer(b, 'Chioma');
  const saved = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: 10, medium: 'cash' }));
  assert.is(saved.redirect, undefined);
  await b.close();
});

test('payment-get: the receipt with the client balance; Delete offered only when the policy allows for its date', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  const id = await customer(b, 'Chioma', 900);
  const { id: pay } = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: 400, medium: 'cash' }));
  let view = ok(await b.dispatch('payment-get', { id: pay }))!;
  assert.equal([view.payment._id, view.kind, view.balance, view.deleteMode], [pay, 'customer', 500, 'deny']);
  await configure(b, { deletePolicy: 'all', deleteTimeout: 2 });
  view = ok(await b.dispatch('payment-get', { id: pay }))!;
  assert.is(view.deleteMode, 'delete');
  clock.advance(3 * 3_600_000); // older than the 2-hour timeout
  view = ok(await b.dispatch('payment-get', { id: pay }))!;
  assert.is(view.deleteMode, 'deny');
  assert.is(ok(await b.dispatch('payment-get', { id: 'nothing' })), null);
  await b.close();
});

test('payment-delete: refused by default; allowed, the payment stops counting and is flagged with deletedBy', async () => {
  const b = await makeBackend();
  const id = await customer(b, 'Chioma', 900);
  const { id: pay } = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: 400, medium: 'cash' }));
  assert.equal(await b.dispatch('payment-delete', { id: pay }), { ok: false, error: { code: 'delete-denied', message: DELETE_DENIED.none } });
  assert.is(await balanceOf(b, id), 500);
  await configure(b, { deletePolicy: 'all' });
  assert.equal(ok(await b.dispatch('payment-delete', { id: pay })), { outcome: 'deleted' });
  assert.is(await balanceOf(b, id), 900);
  assert.is(await cash(b), 0);
  const gone = (await b.ctx.db.main.get(pay, { revs: false }).catch((e: { status: number }) => e.status)) as number;
  assert.is(gone, 404);
  const res = await b.ctx.db.main.allDocs({ keys: [pay], include_docs: true });
  assert.equal((res.rows[0] as { value?: { deleted?: boolean } }).value?.deleted, true);
  assert.is(ok(await b.dispatch('payment-get', { id: pay })), null);
  await b.close();
});

test('payment-delete under review: a sales agent only marks it; the owner accepts', async () => {
  const b = await makeBackend();
  await configure(b, { deletePolicy: 'all', reviewDelete: 'admin' });
  const id = await customer(b, 'Chioma', 900);
  const { id: pay } = ok(await b.dispatch('payment-create', { kind: 'customer', client: id, factor: -1, amount: 400, medium: 'cash' }));
  ok(await b.dispatch('session-set', { ...OWNER, username: 'v2_ada.bola', fullname: 'Bola', level: 3 }));
  assert.equal(ok(await b.dispatch('payment-delete', { id: pay })), { outcome: 'marked' });
  assert.is(await balanceOf(b, id), 500); // a pending deletion still counts
  ok(await b.dispatch('session-set', OWNER));
  assert.is(ok(await b.dispatch('payment-get', { id: pay }))!.canReview, true);
  assert.equal(ok(await b.dispatch('payment-delete', { id: pay, review: 'accept' })), { outcome: 'deleted' });
  assert.is(await balanceOf(b, id), 900);
  await b.close();
});

test.run();
