/**
 * shift-open, shift-close, shift-report, shift-list: the drawer arithmetic against figures worked out by hand,
 * from the ledger's cash account and the sales index over the shift's window.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { OWNER, BEANS, CUSTOMER, GARRI, AGENT } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';

const HOUR = 3_600_000;
const CASHIER = AGENT;
const WALK_IN = { with_account: false, name: 'Walk-in customer' };

test('expected cash = float + cash sales + cash in − cash out − cash expenses; the count and the Z-report', async () => {
  const clock = fixedClock(T0 - HOUR);
  const b = await makeBackend({ clock });
  await seed(b);
  await configure(b, { deletePolicy: 'all' });
  const { id: gtb } = ok(await b.dispatch('bank-create', { name: 'GTB', account_number: '0123456789' }));
  // Before the shift: a cash sale of ₦800 that must not count.
  ok(await b.dispatch('sale-create', { customer: WALK_IN, items: [line(BEANS, 1)], amount_paid: 800 }));

  clock.set(T0);
  const shift = ok(await b.dispatch('shift-open', { float: 5000 }));
  const again = await b.dispatch('shift-open', { float: 0 });
  assert.is(!again.ok && again.error.message, 'A shift is already open on this till: close it first');

  clock.set(T0 + 5 * 60_000);
  const cashSale = ok(await b.dispatch('sale-create', saleInput())); // Rice × 2 = ₦2,501, all cash
  clock.advance(60_000);
  const bankSale = ok(await b.dispatch('sale-create', { customer: WALK_IN, items: [line(BEANS, 1)], amount_paid: 800, bank: { name: { ref: gtb, name: 'GTB' }, amount: 800 } }));
  clock.advance(60_000);
  ok(await b.dispatch('payment-create', { kind: 'customer', client: CUSTOMER._id, factor: -1, amount: 1000, medium: 'cash' }));
  clock.advance(60_000);
  ok(await b.dispatch('expense-create', { amount: 700, source: 'cash', description: 'Fuel for the generator' }));
  clock.advance(60_000);
  const gone = ok(await b.dispatch('sale-create', { customer: WALK_IN, items: [line(GARRI, 30)], amount_paid: 3 }));
  ok(await b.dispatch('sale-delete', { id: gone.id }));

  // Open: 5,000 + 2,501 + 0 (bank) + 1,000 − 700 = 7,801; the deleted ₦3 sale is nowhere.
  const current = ok(await b.dispatch('shift-current', {}));
  assert.is(current.shift?.id, shift.id);
  assert.is(current.shift?.expected, 7801);
  assert.is(current.shift?.difference, undefined);

  clock.set(T0 + HOUR);
  const closed = ok(await b.dispatch('shift-close', { id: shift.id, count: [{ value: 1000, count: 5 }, { value: 500, count: 5 }, { value: 100, count: 3 }, { value: 50, count: 0 }] }));
  assert.is(closed.counted, 7800);
  assert.is(closed.expected, 7801);
  assert.is(closed.difference, -1);
  assert.equal(closed.cash, { sales: 2501, payments_in: 1000, payments_out: 0, expenses: -700, returns: 0, other: 0 });
  assert.equal(closed.z.by_medium, { cash: 2501, bank: 800, credit: 0 });
  assert.is(closed.z.sales_count, 2);
  assert.is(closed.z.total, 3301);
  assert.is(closed.z.expenses, 700);
  assert.is(closed.z.first_invoice, cashSale.invoice_number);
  assert.is(closed.z.last_invoice, bankSale.invoice_number);

  // After the close: a new sale changes nothing in the closed shift's report.
  clock.advance(60_000);
  ok(await b.dispatch('sale-create', { customer: WALK_IN, items: [line(BEANS, 1)], amount_paid: 800 }));
  const report = ok(await b.dispatch('shift-report', { id: shift.id }));
  assert.is(report.expected, 7801);
  assert.is(report.z.sales_count, 2);
  const closeAgain = await b.dispatch('shift-close', { id: shift.id, count: [] });
  assert.is(!closeAgain.ok && closeAgain.error.message, 'That shift is closed already');
  assert.is(ok(await b.dispatch('shift-current', {})).shift, null);
  await b.close();
});

test('bad floats and counts are refused and nothing is written; an open shift past midnight is flagged', async () => {
  const clock = fixedClock(T0);
  const b = await makeBackend({ clock });
  const bad = await b.dispatch('shift-open', { float: -5 });
  assert.is(!bad.ok && bad.error.message, 'The opening float must be an amount of 0 or more');
  assert.equal(ok(await b.dispatch('shift-list', {})), []);
  const shift = ok(await b.dispatch('shift-open', { float: 0 }));
  assert.is(shift.overnight, false);
  const half = await b.dispatch('shift-close', { id: shift.id, count: [{ value: 100, count: 1.5 }] });
  assert.is(!half.ok && half.error.message, 'Each count must be a whole number of 0 or more');
  clock.set(T0 + 15 * HOUR); // 01:00 the next day
  const list = ok(await b.dispatch('shift-list', {}));
  assert.equal(list.map((s) => [s.id, s.overnight, s.closed_at]), [[shift.id, true, undefined]]);
  await b.close();
});

test('a cashier sees only this till’s shifts; a manager sees every till’s', async () => {
  const b = await makeBackend();
  const other = { _id: 'shift-othertill-1', stores: 'shift-open', till: 'othertill', float: 100, date: T0, user: { username: 'v2_ada_femi', fullname: 'Femi Ola' } };
  await b.ctx.db.main.put(other as never);
  b.ctx.setSession(CASHIER);
  const mine = ok(await b.dispatch('shift-open', { float: 0 }));
  assert.equal(ok(await b.dispatch('shift-list', {})).map((s) => s.id), [mine.id]);
  const peek = await b.dispatch('shift-report', { id: other._id });
  assert.is(!peek.ok && peek.error.code, 'forbidden');
  b.ctx.setSession(OWNER);
  assert.equal(ok(await b.dispatch('shift-list', {})).map((s) => s.id).sort(), [mine.id, other._id].sort());
  assert.is(ok(await b.dispatch('shift-report', { id: other._id })).float, 100);
  await b.close();
});

test('only the cashier who opened a shift or a manager closes it; amounts above MAX_AMOUNT are refused', async () => {
  const b = await makeBackend();
  const huge = await b.dispatch('shift-open', { float: 1e12 });
  assert.is(!huge.ok && huge.error.message, 'An amount must be below 1,000,000,000,000');
  const shift = ok(await b.dispatch('shift-open', { float: 100 }));
  const big = await b.dispatch('shift-close', { id: shift.id, count: [{ value: 1000, count: 1e10 }] });
  assert.is(!big.ok && big.error.message, 'An amount must be below 1,000,000,000,000');
  // Another cashier on the same till: the server would refuse the close, so the worker says so first.
  b.ctx.setSession(CASHIER);
  const theirs = await b.dispatch('shift-close', { id: shift.id, count: [] });
  assert.is(!theirs.ok && theirs.error.message, 'Only the cashier who opened this shift or a manager may close it');
  b.ctx.setSession(OWNER);
  const closed = ok(await b.dispatch('shift-close', { id: shift.id, count: [{ value: 100, count: 1 }] }));
  assert.is(closed.counted, 100);
  const doc = (await b.ctx.db.main.get(`${shift.id}-close`)) as unknown as { opened_by: string; user: { username: string } };
  assert.equal([doc.opened_by, doc.user.username], [OWNER.username, OWNER.username]);
  await b.close();
});

test.run();
