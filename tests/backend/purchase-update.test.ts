import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BaseDoc, MovementLineDoc } from '../../commands/docs';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER, PALM_OIL, RICE_BAG } from '../support/fixtures';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';
import { untyped } from '../../worker/db';

test('editing replaces the lines in one batch: same ids updated, surplus deleted, creator kept', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  let batches = 0;
  const main = untyped(b.ctx.db.main);
  const bulk = main.bulkDocs.bind(main);
  main.bulkDocs = ((...a: Parameters<typeof bulk>) => (batches++, bulk(...a))) as typeof bulk;
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_mgr', fullname: 'Manager', level: 1 });
  const r = ok(
    await b.dispatch('purchase-update', {
      ...purchaseForm({ invoice_number: 'INV-001B', date: T0 + 1000, amount_paid: 2000 }),
      items: [{ id: PALM_OIL._id, name: PALM_OIL.name, quantity: 4, price: 500 }],
      id,
    }),
  );
  assert.equal(r, { id, invoice_number: 'INV-001B' });
  assert.is(batches, 1);
  const got = ok(await b.dispatch('purchase-get', { id }))!;
  assert.is(got.purchase.summary, 'Purchase of Palm oil');
  assert.is(got.purchase.total_due, 2000);
  assert.is(got.purchase.user?.username, OWNER.username, 'the creator stays');
  assert.is(got.purchase.updatedBy?.username, 'v2_ada_mgr');
  assert.equal(got.lines.map((l) => [l._id, l.id, l.quantity, l.date]), [[`${id}-0`, PALM_OIL._id, 4, T0 + 1000]]);
  const changes = await b.ctx.db.main.changes({ include_docs: true });
  const old = changes.results.find((c) => c.id === `${id}-1`)!.doc as BaseDoc;
  assert.is(old._deleted, true, 'the surplus old line is deleted');
  assert.is(old.deletedBy?.username, 'v2_ada_mgr');
  await b.close();
});

test('an edit is validated like a new purchase and changes nothing when refused', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  const r = await b.dispatch('purchase-update', { ...purchaseForm({ items: [{ id: '', name: '', quantity: 1, price: 1 }], amount_paid: 1 }), id });
  assert.equal(r, { ok: false, error: { code: 'purchase-item', message: 'You must select item to be bought' } });
  const got = ok(await b.dispatch('purchase-get', { id }))!;
  assert.equal(got.lines.map((l: MovementLineDoc) => [l.id, l.quantity]), [[RICE_BAG._id, 2], [PALM_OIL._id, 1]]);
  const missing = await b.dispatch('purchase-update', { ...purchaseForm(), id: 'nope' });
  assert.is(missing.ok ? '' : missing.error.code, 'not-found');
  await b.close();
});

test('adding lines on edit creates new line ids after the old ones', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  const items = [...purchaseForm().items, { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: 1000 }];
  ok(await b.dispatch('purchase-update', { ...purchaseForm({ items, amount_paid: 112000 }), id }));
  const got = ok(await b.dispatch('purchase-get', { id }))!;
  assert.equal(got.lines.map((l) => l._id), [`${id}-0`, `${id}-1`, `${id}-2`]);
  assert.is(got.purchase.total_quantity, 4);
  await b.close();
});

test.run();
