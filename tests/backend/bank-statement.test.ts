/** bank-statement: a bank's and the cash account's ledger rows from sale, purchase, expense and payment documents. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { ok } from './helpers';
import { backendWith, march } from './ledger-fixtures';
import { moneyWeek } from './money-fixtures';

const gtb = { ref: 'bank1', name: 'GTB' };
const docs = [
  { _id: 'bank1', stores: 'bank', name: 'GTB', account_name: 'Ada Stores', account_number: '0123456789', date: march(1) },
  { _id: 'sb', stores: 'payment', factor: -1, amount: 1000, medium: gtb, exclude: true, details: 'Start balance', date: march(1) },
  { _id: 'sale1', stores: 'sale', customer: { with_account: false, name: 'W' }, total_due: 500, amount_paid: 500, bank: { name: gtb, amount: 200 }, summary: 'Sale of beans', invoice_number: 'A0002', date: march(2) },
  { _id: 'ex1', stores: 'expense', amount: 35.5, source: gtb, description: 'Fuel', user: { username: 'u', fullname: 'Ada Obi' }, date: march(5, 9) },
  { _id: 'pu1', stores: 'purchase', supplier: { name: 'S' }, total_due: 400, amount_paid: 400, bank: { name: gtb, amount: 150 }, summary: 'Purchase of salt', invoice_number: 'P1', date: march(6) },
  { _id: 'pay1', stores: 'payment', client: { name: 'C', account_ref: 'c1' }, factor: -1, amount: 60, medium: gtb, teller_number: 'TLR-7', date: march(9) },
];

test('a bank ledger: debits raise and credits lower the balance, with an opening balance before the range', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('bank-statement', { account: 'bank1', offset: 0, limit: 100, range: { from: march(5), to: march(6) } }));
  assert.is(page.opening, 1200); // start balance 1000 + sale's bank part 200
  assert.equal(page.rows.map((r) => [r.id, r.stores, r.debit, r.credit, r.balance]), [
    ['ex1', 'expense', 0, 35.5, 1164.5],
    ['pu1', 'purchase', 0, 150, 1014.5],
  ]);
  assert.is(page.rows[0].description, 'Fuel');
  assert.is(page.rows[0].user, 'Ada Obi');
  assert.is(page.rows[1].invoice, 'P1');
  assert.is(page.closing, 1014.5);
  const all = ok(await b.dispatch('bank-statement', { account: 'bank1', offset: 0, limit: 100 }));
  assert.is(all.total, 5);
  assert.is(all.rows[4].balance, 1074.5);
  assert.is(all.rows[4].invoice, 'TLR-7');
  assert.is(b.ctx.ledger.bank('bank1'), 1074.5);
  await b.close();
});

test('the cash account holds what was paid outside the banks', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('bank-statement', { account: CASH_ACCOUNT, offset: 0, limit: 100 }));
  assert.equal(page.rows.map((r) => [r.id, r.debit, r.credit, r.balance]), [
    ['sale1', 300, 0, 300],
    ['pu1', 0, 250, 50],
  ]);
  await b.close();
});

test('an unknown bank is not found', async () => {
  const b = await backendWith(docs);
  const reply = await b.dispatch('bank-statement', { account: 'nope', offset: 0, limit: 10 });
  assert.is(reply.ok ? 'ok' : reply.error.code, 'not-found');
  await b.close();
});

const MIDWEEK = { from: march(2, 0), to: march(4, 23, 59, 59, 999) };

test('start balances of both signs, a sale paid partly by bank, a supplier payment from a bank, an expense from a bank', async () => {
  const { b, gtb, access, fuel } = await moneyWeek();
  const g = ok(await b.dispatch('bank-statement', { account: gtb, offset: 0, limit: 100, range: MIDWEEK }));
  assert.is(g.opening, 1000, 'the positive start balance, before the range');
  assert.equal(
    g.rows.map((r) => [r.id, r.debit, r.credit, r.balance, r.route]),
    [
      ['2sale1', 200, 0, 1200, '/sales/invoice/2sale1'],
      [fuel, 0, 35.5, 1164.5, `/expenses/${fuel}`],
    ],
  );
  const a = ok(await b.dispatch('bank-statement', { account: access, offset: 0, limit: 100 }));
  assert.equal(
    a.rows.map((r) => [r.description, r.details, r.invoice, r.debit, r.credit, r.balance]),
    [
      ['Start balance', 'Start balance', undefined, 0, 200, -200],
      ['Payment sent', 'Alaba Traders', 'TLR-9', 0, 50, -250],
    ],
  );
  await b.close();
});

test('accumulate removes the start bound: every earlier entry shows from a zero opening', async () => {
  const { b, gtb, fuel } = await moneyWeek({ accumulate: true });
  const g = ok(await b.dispatch('bank-statement', { account: gtb, offset: 0, limit: 100, range: MIDWEEK }));
  assert.is(g.opening, 0);
  assert.equal(g.rows.map((r) => [r.id === fuel ? 'fuel' : r.stores, r.balance]), [['payment', 1000], ['sale', 1200], ['fuel', 1164.5]]);
  assert.is(g.closing, 1164.5);
  await b.close();
});

test('the swap setting exchanges the debit and credit columns and leaves the balance alone', async () => {
  const { b, gtb } = await moneyWeek({ swapDebitCredit: true });
  const g = ok(await b.dispatch('bank-statement', { account: gtb, offset: 0, limit: 100, range: MIDWEEK }));
  assert.equal(g.rows.map((r) => [r.debit, r.credit, r.balance]), [[0, 200, 1200], [35.5, 0, 1164.5]]);
  assert.equal([g.opening, g.closing], [1000, 1164.5]);
  await b.close();
});

test.run();
