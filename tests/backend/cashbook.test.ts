/** cashbook-list: every cash movement over the range with the route of its source, the cash balance, in and out. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoleLevel } from '../../commands/session';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';
import { march } from './ledger-fixtures';
import { moneyWeek } from './money-fixtures';

const LATE_WEEK = { from: march(5, 0), to: march(7, 23, 59, 59, 999) };

test('the cash movements in the range, with an opening balance, running balance and a link to each source', async () => {
  const { b, lunch } = await moneyWeek();
  const page = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100, range: LATE_WEEK }));
  assert.is(page.opening, 300, "the sale's cash part on March 2");
  assert.equal(
    page.rows.map((r) => [r.id, r.stores, r.debit, r.credit, r.balance, r.route]),
    [
      [lunch, 'expense', 0, 20, 280, `/expenses/${lunch}`],
      ['3pur1', 'purchase', 0, 100, 180, '/purchase/invoice/3pur1'],
      ['5cust1', 'payment', 40, 0, 220, '/payment/invoice/5cust1'],
    ],
  );
  assert.is(page.closing, 220);
  assert.is(page.cash, 220);
  assert.equal(page.summary, { in: 40, out: 120 });
  const all = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100 }));
  assert.equal(all.rows[0].route, '/sales/invoice/2sale1');
  assert.is(all.total, 4);
  await b.close();
});

test('one page per call: offset and limit page the rows, balances run across pages', async () => {
  const { b } = await moneyWeek();
  const second = ok(await b.dispatch('cashbook-list', { offset: 2, limit: 1 }));
  assert.equal([second.total, second.offset, second.rows.map((r) => [r.id, r.balance])], [4, 2, [['3pur1', 180]]]);
  await b.close();
});

test('accumulate shows every earlier movement from a zero opening; swap trades debit and credit, not the balance', async () => {
  const { b, lunch } = await moneyWeek({ accumulate: true, swapDebitCredit: true });
  const page = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100, range: LATE_WEEK }));
  assert.is(page.opening, 0);
  assert.equal(
    page.rows.map((r) => [r.id, r.debit, r.credit, r.balance]),
    [
      ['2sale1', 0, 300, 300],
      [lunch, 20, 0, 280],
      ['3pur1', 100, 0, 180],
      ['5cust1', 0, 40, 220],
    ],
  );
  assert.equal(page.summary, { in: 340, out: 120 });
  await b.close();
});

test('the range rule: from the end of the day before the start to the start of the day after the end', async () => {
  const b = await makeBackend();
  await b.ctx.db.main.bulkDocs([
    { _id: '5a', stores: 'payment', factor: -1, amount: 1, medium: 'cash', date: march(4, 23, 59, 59, 998) },
    { _id: '5b', stores: 'payment', factor: -1, amount: 2, medium: 'cash', date: march(4, 23, 59, 59, 999) },
    { _id: '5c', stores: 'payment', factor: -1, amount: 4, medium: 'cash', date: march(6, 0, 0, 0, 0) },
    { _id: '5d', stores: 'payment', factor: -1, amount: 8, medium: 'cash', date: march(6, 0, 0, 0, 1) },
  ]);
  await b.settled();
  const page = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 10, range: { from: march(5, 0), to: march(5, 23, 59, 59, 999) } }));
  assert.equal(page.rows.map((r) => r.id), ['5b', '5c']);
  assert.equal([page.opening, page.closing], [1, 7]);
  await b.close();
});

test('no cash movements: no rows; the summary hidden from levels the setting excludes', async () => {
  const b = await makeBackend();
  const empty = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 10 }));
  assert.equal([empty.rows, empty.total, empty.cash], [[], 0, 0]);
  ok(await b.dispatch('config-set', { summaryVisibility: 'admin' }));
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_acc', level: 2 as RoleLevel });
  const page = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 10 }));
  assert.is(page.summary, undefined);
  assert.is(page.cash, 0);
  await b.close();
});

test.run();
