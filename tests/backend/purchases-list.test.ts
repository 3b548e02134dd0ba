import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';
import { PALM_OIL, RICE_BAG, SHIRT_RED_XL } from '../support/fixtures';

const DAY = 86_400_000;

async function setup() {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  ok(await b.dispatch('purchase-create', purchaseForm()));
  ok(
    await b.dispatch(
      'purchase-create',
      purchaseForm({
        supplier: { name: 'Zenith Supplies', phone_number: '0701', account_ref: '4Azen' },
        invoice_number: 'INV-002',
        date: T0 + 2 * DAY,
        amount_paid: 9000,
        items: [{ id: SHIRT_RED_XL._id, name: 'T-shirt', quantity: 3, price: 3000 }],
      }),
    ),
  );
  return b;
}

test('one row per purchased line with the spec\'s columns, newest first, summary of items and total', async () => {
  const b = await setup();
  const page = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100 }));
  assert.is(page.total, 3);
  assert.equal(page.rows.map((r) => [r.sn, r.invoice_number, r.description, r.quantity, r.price, r.total]), [
    [1, 'INV-002', 'T-shirt (Red, XL)', 3, 3000, 9000],
    [2, 'INV-001', 'Rice 50kg', 2, 52000, 104000],
    [3, 'INV-001', 'Palm oil', 1, 7000, 7000],
  ]);
  assert.is(page.rows[0].supplier, 'Zenith Supplies');
  assert.is(page.rows[0].supplierRef, '4Azen');
  assert.is(page.rows[0].phone_number, '0701');
  assert.is(page.rows[0].user, 'Ada Obi');
  assert.equal(page.summary, { items: 6, total: 120000 });
  await b.close();
});

test('search, sort, page and date range run in the worker; the summary follows the filter', async () => {
  const b = await setup();
  const searched = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100, search: 'zenith' }));
  assert.equal(searched.rows.map((r) => r.invoice_number), ['INV-002']);
  assert.equal(searched.summary, { items: 3, total: 9000 });
  const sorted = ok(await b.dispatch('purchases-list', { offset: 1, limit: 1, sort: { key: 'total', dir: 'asc' } }));
  assert.equal(sorted.rows.map((r) => [r.sn, r.total]), [[2, 9000]]);
  assert.is(sorted.total, 3);
  const ranged = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100, range: { from: T0 - DAY, to: T0 + DAY } }));
  assert.equal(ranged.rows.map((r) => r.description).sort(), [PALM_OIL.name, RICE_BAG.name].sort());
  assert.equal(ranged.summary, { items: 3, total: 111000 });
  const none = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100, range: { from: T0 + 5 * DAY, to: T0 + 6 * DAY } }));
  assert.equal([none.total, none.rows, none.summary], [0, [], { items: 0, total: 0 }]);
  await b.close();
});

test('the list reads from an in-memory index: nothing is re-read when nothing changed, new purchases appear', async () => {
  const b = await setup();
  ok(await b.dispatch('purchases-list', { offset: 0, limit: 100 }));
  const reads: unknown[] = [];
  const allDocs = b.ctx.db.main.allDocs.bind(b.ctx.db.main);
  b.ctx.db.main.allDocs = ((o: never) => (reads.push(o), allDocs(o))) as typeof allDocs;
  ok(await b.dispatch('purchases-list', { offset: 0, limit: 100, search: 'rice' }));
  assert.equal(reads, [], 'a second query with no changes reads no documents');
  ok(await b.dispatch('purchase-create', purchaseForm({ invoice_number: 'INV-003', date: T0 + DAY })));
  const page = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100, search: 'INV-003' }));
  assert.is(page.total, 2);
  assert.ok(reads.length > 0 && reads.every((o) => (o as { keys?: string[] }).keys), 'only changed ids are fetched, by key, never a range');
  await b.close();
});

test.run();
