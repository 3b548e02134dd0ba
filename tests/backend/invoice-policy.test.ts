import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { InvoicePolicyDoc } from '../../commands/docs';
import { PouchDB } from '../../worker/pouch';
import { makeBackend, ok } from './helpers';
import { OWNER, RICE } from '../support/fixtures';
import { line, saleInput, seed } from './sales-fixtures';
import { expectKind } from '../support/docs';

test('numbers are the policy prefix plus a 4-digit counter, written back to the shared database', async () => {
  const b = await makeBackend();
  await seed(b);
  const next = ok(await b.dispatch('invoice-next', {}));
  const first = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(first.invoice_number, next.invoice_number);
  const policies = await b.ctx.db.shared.allDocs({ startkey: 'invoice-policy-', endkey: 'invoice-policy-\uffff', include_docs: true });
  assert.is(policies.rows.length, 1);
  const policy = expectKind(policies.rows[0].doc, 'invoice-policy');
  assert.ok(policy._id.startsWith(`invoice-policy-${OWNER.username}-`));
  assert.is(policy.counter, 1);
  assert.is(first.invoice_number, `${policy.prefix}0001`);
  assert.ok(policy.prefix.startsWith(OWNER.policyPrefix));
  await b.close();
});

test('two devices of the same user selling offline never produce the same number, before or after sync', async () => {
  const a = await makeBackend();
  const c = await makeBackend();
  await seed(a);
  await seed(c);
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    numbers.push(ok(await a.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }))).invoice_number);
    numbers.push(ok(await c.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }))).invoice_number);
  }
  // Both devices come online: their shared databases sync both ways.
  await PouchDB.sync(a.ctx.db.shared, c.ctx.db.shared);
  for (let i = 0; i < 3; i++) {
    numbers.push(ok(await a.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }))).invoice_number);
    numbers.push(ok(await c.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }))).invoice_number);
  }
  assert.is(new Set(numbers).size, numbers.length, numbers.join(' '));
  assert.ok(numbers.every((n) => n.startsWith(OWNER.policyPrefix)));
  // Each device writes only its own policy document, so syncing never makes a conflict.
  await PouchDB.sync(a.ctx.db.shared, c.ctx.db.shared);
  const res = await a.ctx.db.shared.allDocs({ startkey: 'invoice-policy-', endkey: 'invoice-policy-\uffff', include_docs: true, conflicts: true });
  assert.is(res.rows.length, 2);
  for (const row of res.rows) {
    const doc: InvoicePolicyDoc & { _conflicts?: string[] } = expectKind(row.doc, 'invoice-policy');
    assert.is(doc._conflicts, undefined);
    assert.is(doc.counter, 6);
  }
  await a.close();
  await c.close();
});

test("a new device picks a tag no other device of the user has", async () => {
  const b = await makeBackend();
  await b.ctx.db.shared.put({ _id: `invoice-policy-${OWNER.username}-000`, stores: 'invoice-policy', prefix: 'A000-', counter: 9 });
  const real = Math.random;
  const rolls = [0, 0, 0, 0.5, 0.5, 0.5];
  Math.random = () => rolls.shift() ?? real();
  try {
    const next = ok(await b.dispatch('invoice-next', {}));
    assert.is(next.invoice_number, 'Avvv-0001');
  } finally {
    Math.random = real;
  }
  await b.close();
});

test.run();
