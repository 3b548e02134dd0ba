/** expense-create, expense-get, expenses-list and expense-delete: sources, validation, summary, categories, deletion. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import type { RoleLevel } from '../../commands/session';
import { makeBackend, ok } from './helpers';
import { MANAGER, OWNER } from '../support/fixtures';
import { march } from './ledger-fixtures';
import { moneyWeek } from './money-fixtures';
import { expectKind, stored } from '../support/docs';

const MARCH = { from: march(1, 0), to: march(31, 23, 59, 59, 999) };

test('an expense from a bank and one from cash move those accounts; the list shows Purpose, source and category', async () => {
  const { b, gtb, fuel, lunch } = await moneyWeek();
  assert.is(b.ctx.ledger.bank(gtb), 1164.5);
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 220);
  const page = ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH }));
  assert.equal(
    page.rows.map((r) => [r._id, r.date, r.amount, r.purpose, r.category, r.source, r.user]),
    [
      [lunch, march(5, 10), 20, 'Lunch', 'Other', 'Cash', 'Ada Obi'],
      [fuel, march(4, 10), 35.5, 'Fuel', 'Transport', 'GTB', 'Ada Obi'],
    ],
  );
  assert.equal(page.summary, { count: 2, total: 55.5 });
  assert.equal(page.categories, [
    { category: 'Transport', total: 35.5 },
    { category: 'Other', total: 20 },
  ]);
  const doc = await stored(b.ctx.db.main, fuel, 'expense');
  assert.equal([doc.source, doc.description, doc.amount, doc.user?.fullname], [{ ref: gtb, name: 'GTB' }, 'Fuel', 35.5, 'Ada Obi']);
  await b.close();
});

test('a deleted expense is flagged deleted with deletedBy and stops counting in the list and the cash balance', async () => {
  const { b, rent, cashWithRent } = await moneyWeek();
  assert.is(cashWithRent, 120, 'it counted while it lived');
  assert.is(b.ctx.ledger.bank(CASH_ACCOUNT), 220);
  const tomb = expectKind((await b.ctx.db.main.changes({ include_docs: true })).results.find((r) => r.id === rent)?.doc, 'expense');
  assert.equal([tomb._deleted, tomb.deletedBy?.username, tomb.description], [true, OWNER.username, 'Shop rent']);
  assert.is(ok(await b.dispatch('expense-get', { id: rent })), null);
  const page = ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH }));
  assert.not.ok(page.rows.some((r) => r._id === rent));
  const cash = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100 }));
  assert.not.ok(cash.rows.some((r) => r.id === rent));
  await b.close();
});

test('expense-get answers the expense, its source and what Delete would do; unknown ids are null', async () => {
  const { b, fuel, lunch } = await moneyWeek({ deletePolicy: 'admin' });
  const detail = ok(await b.dispatch('expense-get', { id: fuel }));
  assert.equal([detail?.expense.description, detail?.sourceName, detail?.deletion.action], ['Fuel', 'GTB', 'delete']);
  assert.is(ok(await b.dispatch('expense-get', { id: lunch }))?.sourceName, 'Cash');
  assert.is(ok(await b.dispatch('expense-get', { id: 'a-nope' })), null);
  assert.is(ok(await b.dispatch('expense-get', { id: '2sale1' })), null, 'another kind is not an expense');
  b.ctx.setSession(MANAGER);
  assert.is(ok(await b.dispatch('expense-get', { id: fuel }))?.deletion.action, 'deny');
  const denied = await b.dispatch('expense-delete', { id: fuel });
  assert.equal(!denied.ok && denied.error.code, 'delete-denied');
  assert.ok(ok(await b.dispatch('expense-get', { id: fuel })), 'a refused delete keeps it');
  await b.close();
});

test('under review a manager only marks the expense; it still counts until a reviewer accepts', async () => {
  const { b, gtb, fuel } = await moneyWeek({ deletePolicy: 'managers', reviewDelete: 'admin' });
  b.ctx.setSession(MANAGER);
  assert.equal(ok(await b.dispatch('expense-delete', { id: fuel })), { outcome: 'marked' });
  await b.settled();
  assert.is(b.ctx.ledger.bank(gtb), 1164.5);
  const row = ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH })).rows.find((r) => r._id === fuel);
  assert.is(row?.pending, true);
  b.ctx.setSession(OWNER);
  assert.equal(ok(await b.dispatch('expense-delete', { id: fuel, review: 'accept' })), { outcome: 'deleted' });
  await b.settled();
  assert.is(b.ctx.ledger.bank(gtb), 1200);
  await b.close();
});

test('summaries only for the levels the summary-visibility setting admits', async () => {
  const { b } = await moneyWeek({ summaryVisibility: 'managers' });
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_acc', level: 2 as RoleLevel });
  const page = ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH }));
  assert.is(page.rows.length, 2, 'rows still show');
  assert.is(page.summary, undefined);
  assert.is(page.categories, undefined);
  b.ctx.setSession(MANAGER);
  assert.equal(ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH })).summary, { count: 2, total: 55.5 });
  b.ctx.setSession(OWNER);
  ok(await b.dispatch('config-set', { summaryVisibility: 'nobody' }));
  assert.is(ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: MARCH })).summary, undefined);
  await b.close();
});

test('bad input gets a clear message and writes nothing; a failed write says "Could not create expense"', async () => {
  const b = await makeBackend();
  const tries: [Record<string, unknown>, string][] = [
    [{ amount: 0, source: CASH_ACCOUNT, description: 'x' }, 'The expense amount must be more than 0'],
    [{ amount: 'abc', source: CASH_ACCOUNT, description: 'x' }, 'The expense amount must be more than 0'],
    [{ amount: -5, source: CASH_ACCOUNT, description: 'x' }, 'The expense amount must be more than 0'],
    [{ amount: 5, source: CASH_ACCOUNT, description: '  ' }, 'You must state the purpose of the expense'],
    [{ amount: 5, source: 'cNOPE', description: 'x' }, 'Choose the bank or cash account the money came from'],
    [{ amount: 5, source: '', description: 'x' }, 'Choose the bank or cash account the money came from'],
  ];
  for (const [input, message] of tries) {
    const r = await b.dispatch('expense-create', input as never);
    assert.is(!r.ok && r.error.message, message);
  }
  b.ctx.db.main.put = (() => Promise.reject(new Error('disk full'))) as never;
  const failed = await b.dispatch('expense-create', { amount: 5, source: CASH_ACCOUNT, description: 'Water' });
  assert.equal(!failed.ok && failed.error, { code: 'expense-create', message: 'Could not create expense' });
  assert.is((await b.ctx.db.main.allDocs({ startkey: 'a', endkey: 'a\uffff' })).rows.length, 0);
  assert.equal(ok(await b.dispatch('expenses-list', { offset: 0, limit: 10 })).rows, []);
  await b.close();
});

test('the owner extends the categories through the expenseCategories setting', async () => {
  const b = await makeBackend();
  const cfg = ok(await b.dispatch('config-get', {}));
  assert.equal(cfg.expenseCategories, ['Rent', 'Salaries', 'Transport', 'Utilities', 'Other']);
  ok(await b.dispatch('config-set', { expenseCategories: [...cfg.expenseCategories, 'Generator fuel'] }));
  ok(await b.dispatch('expense-create', { amount: 70, source: CASH_ACCOUNT, description: 'Diesel', category: 'Generator fuel' }));
  const page = ok(await b.dispatch('expenses-list', { offset: 0, limit: 10 }));
  assert.equal(page.categories, [{ category: 'Generator fuel', total: 70 }]);
  await b.close();
});

test.run();
