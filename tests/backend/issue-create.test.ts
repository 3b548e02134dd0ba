import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IssueInput } from '../../commands/issues';
import { makeBackend, ok, T0 } from './helpers';
import { addItem, balance, failure } from './store-fixtures';
import { expectKind, stored } from '../support/docs';

const base = (items: IssueInput['items']): IssueInput => ({ direction: 'issue-out', collector: { name: 'Musa', ref: 'M1' }, date: T0, items });

test("validation messages in the spec's order", async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Flour', quantity: 5 });
  const line = { id, name: 'Flour', quantity: 1 };
  const cases: [IssueInput, string][] = [
    [{ ...base([]), collector: { name: '' }, date: undefined }, 'You must select the collector you are buying from'],
    [{ ...base([]), date: undefined }, 'You must add atleast one item to issue'],
    [{ ...base([line]), date: undefined }, 'You must provide a issue date'],
    [base([line, { id: '', name: '', quantity: 1 }]), 'You must select item to be issued'],
    [base([{ ...line, quantity: 0 }]), 'You cannot issue less than one of Flour'],
  ];
  for (const [input, message] of cases) assert.is(failure(await b.dispatch('issue-create', input)).message, message);
  assert.is((await b.ctx.db.main.allDocs({ startkey: 'i', endkey: 'i\uffff' })).rows.length, 0);
  await b.close();
});

test('paid below due asks for the debt confirmation; accepted, it saves', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Flour', quantity: 5 });
  const input = { ...base([{ id, name: 'Flour', quantity: 2, price: '1,500' }]), amount_paid: 1000 };
  assert.equal(failure(await b.dispatch('issue-create', input)), {
    code: 'debt-confirmation',
    message: 'Please confirm that you made a payment of ₦1,000.00 for this issue. The total due was meant to be ₦3,000.00',
  });
  assert.is(await balance(b, id), 5);
  const r = ok(await b.dispatch('issue-create', { ...input, acceptDebt: true }));
  assert.is(r.total_due, 3000);
  assert.is(await balance(b, id), 3);
  await b.close();
});

test("issue-out: one issue + issue_item lines (id + base-62 sequence, factor -1), summary 'Issue of a, b & c'", async () => {
  const b = await makeBackend();
  const a = await addItem(b, { name: 'Flour', quantity: 10 });
  const s = await addItem(b, { name: 'Sugar', quantity: 10 });
  const y = await addItem(b, { name: 'Yeast', quantity: 10 });
  const r = ok(
    await b.dispatch('issue-create', {
      ...base([
        { id: a, name: 'Flour', quantity: 2 },
        { id: s, name: 'Sugar', quantity: '3' },
        { id: y, name: 'Yeast', quantity: 1, price: 0 },
      ]),
      details: 'for baking',
      customFields: { Shift: 'Morning' },
    }),
  );
  assert.is(r.summary, 'Issue of Flour, Sugar & Yeast');
  assert.is(r.total_quantity, 6);
  const issue = await stored(b.ctx.db.main, r.id, 'issue');
  assert.ok(r.id.startsWith('iA'));
  assert.is(issue.stores, 'issue');
  assert.equal(issue.collector, { name: 'Musa', ref: 'M1' });
  assert.is(issue.summary, 'Issue of Flour, Sugar & Yeast');
  assert.is(issue.total_quantity, 6);
  assert.is(issue.from, 'store');
  assert.equal(issue.customFields, { Shift: 'Morning' });
  assert.is(issue.user?.fullname, 'Ada Obi');
  const lines = (await b.ctx.db.main.allDocs({ startkey: r.id + '-', endkey: r.id + '-\uffff', include_docs: true })).rows.map((x) => expectKind(x.doc, 'sale_item', 'purchase_item', 'issue_item'));
  assert.equal(lines.map((l) => l._id), [`${r.id}-0`, `${r.id}-1`, `${r.id}-2`]);
  assert.ok(lines.every((l) => l.stores === 'issue_item' && l.factor === -1 && l.transaction.ref === r.id && l.to === 'store'));
  assert.equal(lines.map((l) => [l.id, l.quantity, l.price]), [[a, 2, 0], [s, 3, 0], [y, 1, 0]]);
  assert.equal([await balance(b, a), await balance(b, s), await balance(b, y)], [8, 7, 9]);
  await b.close();
});

test('receive (Production) adds stock: factor +1', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Bread' });
  const r = ok(await b.dispatch('issue-create', { ...base([{ id, name: 'Bread', quantity: 40 }]), direction: 'receive' }));
  const line = await stored(b.ctx.db.main, `${r.id}-0`, 'sale_item', 'purchase_item', 'issue_item');
  assert.is(line.factor, 1);
  assert.is(r.summary, 'Issue of Bread');
  assert.is(await balance(b, id), 40);
  await b.close();
});

test('issue 39: an issue-out paid ₦1,250 puts ₦1,250 in the cashbook; Production paid ₦300 takes it out', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Flour', quantity: 10 });
  const out = ok(await b.dispatch('issue-create', { ...base([{ id, name: 'Flour', quantity: 1, price: 1250 }]), amount_paid: '1,250' }));
  ok(await b.dispatch('issue-create', { ...base([{ id, name: 'Flour', quantity: 1, price: 300 }]), direction: 'receive', amount_paid: 300 }));
  const book = ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100 }));
  assert.equal(book.rows.map((r) => [r.id === out.id ? 'issue-out' : 'production', r.stores, r.description, r.debit, r.credit]), [
    ['issue-out', 'issue', 'Issue of Flour', 1250, 0],
    ['production', 'issue', 'Issue of Flour', 0, 300],
  ]);
  assert.is(book.cash, 950);
  await b.close();
});

test.run();
