/** banks-list (the banks screen) and bank-get: balances, Payments over the range (default this week), summary. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import type { RoleLevel } from '../../commands/session';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';
import { march } from './ledger-fixtures';
import { moneyWeek } from './money-fixtures';

test('each bank with its balance and the money paid into it in the range; summary of count, deposit, balance', async () => {
  const { b, gtb, access } = await moneyWeek();
  const page = ok(await b.dispatch('banks-list', { offset: 0, limit: 100, range: { from: march(2, 0), to: march(4, 23, 59, 59, 999) } }));
  assert.equal(
    page.rows.map((r) => [r._id, r.name, r.account_name, r.account_number, r.payments, r.balance]),
    [
      [access, 'Access', '', '555', 0, -250],
      [gtb, 'GTB', 'Ada Stores', '0123456789', 200, 1164.5],
    ],
  );
  assert.equal(page.summary, { banks: 2, deposit: 200, balance: 914.5 });
  await b.close();
});

test('without a range the summary covers this week (Sunday March 1 to Saturday March 7, 2026)', async () => {
  const { b, gtb, clock } = await moneyWeek();
  const page = ok(await b.dispatch('banks-list', { offset: 0, limit: 100 }));
  assert.is(page.rows.find((r) => r._id === gtb)?.payments, 1200, 'the start balance and the sale both fall in this week');
  assert.equal(page.summary, { banks: 2, deposit: 1200, balance: 914.5 });
  clock.set(march(9, 10)); // the week after: nothing paid in yet
  assert.equal(ok(await b.dispatch('banks-list', { offset: 0, limit: 100 })).summary, { banks: 2, deposit: 0, balance: 914.5 });
  await b.close();
});

test('search by name or account number; the summary follows the search; hidden from levels the setting excludes', async () => {
  const { b, gtb } = await moneyWeek({ summaryVisibility: 'admin' });
  const found = ok(await b.dispatch('banks-list', { offset: 0, limit: 100, search: '0123' }));
  assert.equal(found.rows.map((r) => r._id), [gtb]);
  assert.equal(found.summary, { banks: 1, deposit: 1200, balance: 1164.5 });
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_kemi', level: 1 as RoleLevel });
  const hidden = ok(await b.dispatch('banks-list', { offset: 0, limit: 100 }));
  assert.is(hidden.rows.length, 2);
  assert.is(hidden.summary, undefined);
  await b.close();
});

test('bank-get: a bank with its balance, the cash account, and null for an unknown id', async () => {
  const { b, gtb } = await moneyWeek();
  assert.equal(ok(await b.dispatch('bank-get', { id: gtb })), { _id: gtb, name: 'GTB', account_name: 'Ada Stores', account_number: '0123456789', balance: 1164.5 });
  assert.equal(ok(await b.dispatch('bank-get', { id: CASH_ACCOUNT })), { _id: CASH_ACCOUNT, name: 'Cash', account_name: '', account_number: '', balance: 220 });
  assert.is(ok(await b.dispatch('bank-get', { id: 'cNOPE' })), null);
  await b.close();
});

test('a failed write answers "Could not create bank" and leaves no bank behind', async () => {
  const b = await makeBackend();
  b.ctx.db.main.bulkDocs = (async (docs: unknown[]) => docs.map(() => ({ error: true, status: 500, name: 'x', message: 'disk full' }))) as never;
  const r = await b.dispatch('bank-create', { name: 'UBA', balance: 10 });
  assert.equal(!r.ok && r.error, { code: 'bank-create', message: 'Could not create bank' });
  assert.equal(ok(await b.dispatch('banks-list', { offset: 0, limit: 10 })).rows, []);
  await b.close();
});

test.run();
