/**
 * Who may change a saved sale or purchase (issue 36; commands/rules/saved-edits.ts, the rule the server's gate
 * runs too): the owner and managers edit any; a sales agent or store keeper edits only what they made, only
 * while editable invoices is on and only within the delete timeout when one is set. The invoice offers Edit
 * exactly when the edit would be taken (sale-get and purchase-get answer canEdit).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock, makeBackend, ok } from './helpers';
import { AGENT, MANAGER, OWNER, PALM_OIL, RICE, RICE_BAG, STORE_KEEPER } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { purchaseForm } from './purchase-fixtures';
import { seedItems } from './item-seed';

const HOUR = 3_600_000;

test("a sales agent cannot edit the owner's sale, edits their own while invoices are editable and within the timeout", async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  await seed(b);
  await configure(b, { editableInvoice: true, deleteTimeout: 2 });
  const owners = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 2501 })));
  b.ctx.setSession(AGENT);
  assert.is(ok(await b.dispatch('sale-get', { id: owners.id })).canEdit, false);
  const cheap = await b.dispatch('sale-update', { id: owners.id, items: [line(RICE, 2, { price: 100 })], amount_paid: 200 });
  assert.equal(cheap, { ok: false, error: { code: 'not-editable', message: 'Only the owner or a manager can change a sale or purchase someone else made.' } });
  const own = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 })));
  assert.is(ok(await b.dispatch('sale-get', { id: own.id })).canEdit, true);
  ok(await b.dispatch('sale-update', { id: own.id, items: [line(RICE, 2)], amount_paid: 2501 }));
  clock.advance(3 * HOUR);
  assert.is(ok(await b.dispatch('sale-get', { id: own.id })).canEdit, false, 'past the timeout');
  const late = await b.dispatch('sale-update', { id: own.id, items: [line(RICE, 1)], amount_paid: 1250.5 });
  assert.is(!late.ok && late.error.message, 'This transaction is older than 2 hours and can no longer be edited');
  b.ctx.setSession(MANAGER);
  assert.is(ok(await b.dispatch('sale-get', { id: owners.id })).canEdit, true);
  ok(await b.dispatch('sale-update', { id: own.id, items: [line(RICE, 1)], amount_paid: 1250.5 }));
  await b.close();
});

test("a store keeper cannot edit the owner's purchase; their own only while invoices are editable", async () => {
  const b = await makeBackend();
  await seedItems(b, [RICE_BAG, PALM_OIL]);
  const owners = ok(await b.dispatch('purchase-create', purchaseForm()));
  b.ctx.setSession(STORE_KEEPER);
  assert.is(ok(await b.dispatch('purchase-get', { id: owners.id }))!.canEdit, false);
  const repriced = await b.dispatch('purchase-update', { ...purchaseForm({ amount_paid: 1 }), items: [{ id: PALM_OIL._id, name: PALM_OIL.name, quantity: 1, price: 1 }], id: owners.id });
  assert.is(!repriced.ok && repriced.error.code, 'not-editable');
  const own = ok(await b.dispatch('purchase-create', purchaseForm({ invoice_number: 'INV-009' })));
  assert.is(ok(await b.dispatch('purchase-get', { id: own.id }))!.canEdit, false, 'editable invoices is off');
  b.ctx.setSession(OWNER);
  await configure(b, { editableInvoice: true });
  b.ctx.setSession(STORE_KEEPER);
  assert.is(ok(await b.dispatch('purchase-get', { id: own.id }))!.canEdit, true);
  b.ctx.setSession(OWNER);
  assert.is(ok(await b.dispatch('purchase-get', { id: own.id }))!.canEdit, true, 'the owner edits any');
  await b.close();
});

test.run();
