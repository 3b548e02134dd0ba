/** What a purchase does to the ledger: stock (per warehouse), expiry batches and the supplier's balance. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoleLevel } from '../../commands/session';
import type { NodeBackend } from '../../worker/backend';
import { makeBackend, ok, T0 } from './helpers';
import { createSupplier, OWNER, PALM_OIL, RICE_BAG, SHIRT_RED_XL } from '../support/fixtures';
import { seed } from '../support/seed';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';

const DAY = 86_400_000;
const JUNE = T0 + 90 * DAY;
const MAY = T0 + 60 * DAY;

async function setup() {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  ok(await b.dispatch('config-set', { trackExpiry: true, useWarehouse: true, deletePolicy: 'all' }));
  await b.settled();
  const [supplier] = await seed(b, [createSupplier()]);
  return { b, supplierRef: supplier._id, form: purchaseForm({ supplier: { name: supplier.name, account_ref: supplier._id } }) };
}

async function balances(b: NodeBackend, supplierRef: string) {
  await b.ctx.ledger.ready();
  const L = b.ctx.ledger;
  return {
    rice: L.stock(RICE_BAG._id),
    riceMain: L.stock(RICE_BAG._id, { warehouse: 'store' }),
    oil: L.stock(PALM_OIL._id),
    shirt: L.stock(SHIRT_RED_XL._id),
    supplier: L.client(supplierRef),
    riceExpiry: L.expiry(RICE_BAG._id),
  };
}

test('create: stock and expiry batches per item and warehouse, supplier owed the unpaid part', async () => {
  const { b, supplierRef, form } = await setup();
  ok(
    await b.dispatch('purchase-create', {
      ...form,
      to: 'd-annex',
      amount_paid: 100000,
      acceptDebt: true,
      items: [
        { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 2, price: 52000, expiry_date: JUNE },
        { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 3, price: 1000, expiry_date: MAY },
        { id: SHIRT_RED_XL._id, name: 'T-shirt', quantity: 4, price: 500 },
      ],
    }),
  );
  const got = await balances(b, supplierRef);
  assert.is(got.rice, 5);
  assert.is(got.riceMain, 0, 'bought into the annex, not the Main store');
  assert.is(b.ctx.ledger.stock(RICE_BAG._id, { warehouse: 'd-annex' }), 5);
  assert.is(got.shirt, 4, 'stock keyed by the variant item');
  assert.is(got.oil, 0);
  assert.is(got.supplier, -9000, 'total 109000, paid 100000: the business owes 9000');
  assert.is(got.riceExpiry.closest, MAY);
  assert.equal(got.riceExpiry.batches, [
    { expiry_date: MAY, quantity: 3 },
    { expiry_date: JUNE, quantity: 2 },
  ]);
  await b.close();
});

test('edit: the old lines stop counting and the new ones count, supplier balance follows', async () => {
  const { b, supplierRef, form } = await setup();
  const { id } = ok(await b.dispatch('purchase-create', { ...form, amount_paid: 0, acceptDebt: true }));
  let got = await balances(b, supplierRef);
  assert.equal([got.rice, got.oil, got.supplier], [2, 1, -111000]);
  ok(
    await b.dispatch('purchase-update', {
      ...form,
      id,
      amount_paid: 1000,
      acceptDebt: true,
      items: [{ id: PALM_OIL._id, name: PALM_OIL.name, quantity: 6, price: 500, expiry_date: JUNE }],
    }),
  );
  got = await balances(b, supplierRef);
  assert.equal([got.rice, got.oil, got.supplier], [0, 6, -2000]);
  assert.equal(got.riceExpiry.batches, []);
  assert.equal(b.ctx.ledger.expiry(PALM_OIL._id).batches, [{ expiry_date: JUNE, quantity: 6 }]);
  await b.close();
});

test('delete: stock, batches and supplier balance return to what they were; a pending delete still counts', async () => {
  const { b, supplierRef, form } = await setup();
  const items = [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 2, price: 52000, expiry_date: JUNE }];
  const { id } = ok(await b.dispatch('purchase-create', { ...form, items, amount_paid: 4000, acceptDebt: true }));
  assert.equal([(await balances(b, supplierRef)).rice, (await balances(b, supplierRef)).supplier], [2, -100000]);

  ok(await b.dispatch('config-set', { reviewDelete: 'admin' }));
  await b.settled();
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_store', level: 4 as RoleLevel });
  assert.equal(ok(await b.dispatch('purchase-delete', { id })), { outcome: 'marked' });
  let got = await balances(b, supplierRef);
  assert.equal([got.rice, got.supplier], [2, -100000], 'delete_pending still counts');

  b.ctx.setSession(OWNER);
  ok(await b.dispatch('purchase-delete', { id, review: 'accept' }));
  got = await balances(b, supplierRef);
  assert.equal([got.rice, got.supplier, got.riceExpiry.batches], [0, 0, []]);
  await b.close();
});

test.run();
