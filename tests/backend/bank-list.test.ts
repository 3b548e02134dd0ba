/** bank-list and bank-create: banks by name with ledger balances; a start balance is an excluded payment entry. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { expectKind } from '../support/docs';

test('banks are listed by name with their balances; the start balance counts, zero makes no entry', async () => {
  const b = await makeBackend();
  const zenith = ok(await b.dispatch('bank-create', { name: 'Zenith', account_name: 'Ada Stores', account_number: '0011223344', balance: 0 }));
  const gtb = ok(await b.dispatch('bank-create', { name: 'GTB', account_name: 'Ada Stores', account_number: '0123456789', balance: 1500.25 }));
  const owed = ok(await b.dispatch('bank-create', { name: 'Access', balance: -200 }));
  assert.ok(gtb.id.startsWith('cA'), 'bank ids carry the bank prefix');

  const list = ok(await b.dispatch('bank-list', {}));
  assert.equal(
    list.map((r) => [r._id, r.name, r.account_number, r.balance]),
    [
      [owed.id, 'Access', '', -200],
      [gtb.id, 'GTB', '0123456789', 1500.25],
      [zenith.id, 'Zenith', '0011223344', 0],
    ],
  );
  const payments = (await b.ctx.db.main.allDocs({ startkey: '5', endkey: '5\uffff', include_docs: true })).rows.map((r) => expectKind(r.doc, 'payment'));
  assert.is(payments.length, 2, 'no entry for a zero start balance');
  const start = payments.find((p) => typeof p.medium === 'object' && p.medium.ref === gtb.id);
  assert.equal([start?.factor, start?.amount, start?.exclude, start?.details, start?.date], [-1, 1500.25, true, 'Start balance', T0]);
  await b.close();
});

test('the list follows new and deleted banks; a bank needs a name', async () => {
  const b = await makeBackend();
  assert.equal(ok(await b.dispatch('bank-list', {})), []);
  const r = await b.dispatch('bank-create', { name: '  ' });
  assert.equal(!r.ok && r.error, { code: 'bank-name', message: 'You must provide the bank name' });
  const { id } = ok(await b.dispatch('bank-create', { name: 'UBA' }));
  assert.equal(ok(await b.dispatch('bank-list', {})).map((x) => x.name), ['UBA']);
  const doc = await b.ctx.db.main.get(id);
  await b.ctx.db.main.put({ ...doc, _deleted: true });
  assert.equal(ok(await b.dispatch('bank-list', {})), []);
  await b.close();
});

test.run();
