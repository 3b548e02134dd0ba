import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MovementLineDoc, PurchaseDoc } from '../../commands/docs';
import { PURCHASE_MESSAGES } from '../../commands/purchases';
import { makeBackend, ok, T0 } from './helpers';
import { createSupplier, OWNER, PALM_OIL, RICE_BAG, SHIRT_RED_XL } from '../support/fixtures';
import { seed } from '../support/seed';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';
import { untyped } from '../../worker/db';

async function setup(config: Record<string, unknown> = {}) {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  if (Object.keys(config).length) {
    ok(await b.dispatch('config-set', config as never));
    await b.settled();
  }
  let batches = 0;
  const main = untyped(b.ctx.db.main);
  const bulk = main.bulkDocs.bind(main);
  main.bulkDocs = ((...a: Parameters<typeof bulk>) => (batches++, bulk(...a))) as typeof bulk;
  return { b, batches: () => batches };
}

async function docsOf(b: Awaited<ReturnType<typeof makeBackend>>, id: string) {
  const res = await b.ctx.db.main.allDocs({ startkey: id, endkey: id + '\uffff', include_docs: true });
  const docs = res.rows.map((r) => r.doc as unknown);
  return { purchase: docs[0] as PurchaseDoc, lines: docs.slice(1) as MovementLineDoc[] };
}

test('a purchase and its purchase_item lines are saved in one batch', async () => {
  const { b, batches } = await setup();
  const [supplier] = await seed(b, [createSupplier()]);
  const before = batches();
  const r = ok(await b.dispatch('purchase-create', purchaseForm({ supplier: { name: supplier.name, phone_number: supplier.phone_number, account_ref: supplier._id } })));
  assert.is(batches() - before, 1);
  assert.is(r.invoice_number, 'INV-001');
  assert.ok(r.id.startsWith('3A'), 'purchase type prefix then policy prefix');
  const { purchase, lines } = await docsOf(b, r.id);
  assert.is(purchase.stores, 'purchase');
  assert.is(purchase.summary, 'Purchase of Rice 50kg & Palm oil');
  assert.equal(purchase.supplier, { name: 'Alaba Traders', with_account: true, phone_number: '+2348031112222', account_ref: supplier._id });
  assert.is(purchase.total_due, 111000);
  assert.is(purchase.amount_paid, 111000);
  assert.is(purchase.total_quantity, 3);
  assert.is(purchase.to, 'store');
  assert.is(purchase.date, T0);
  assert.is(purchase.user?.username, OWNER.username);
  assert.is(lines.length, 2);
  assert.equal(lines.map((l) => l._id), [`${r.id}-0`, `${r.id}-1`]);
  for (const line of lines) {
    assert.is(line.stores, 'purchase_item');
    assert.is(line.factor, undefined, 'purchase_item carries no factor');
    assert.is(line.to, 'store');
    assert.is(line.date, T0);
    assert.equal(line.transaction, { ref: r.id, client: 'Alaba Traders', invoice: 'INV-001', summary: purchase.summary });
  }
  assert.equal([lines[0].id, lines[0].quantity, lines[0].price], [RICE_BAG._id, 2, 52000]);
  await b.close();
});

test('every validation message, in the spec\'s order, and nothing is written', async () => {
  const { b, batches } = await setup();
  let form = purchaseForm({
    supplier: { name: ' ' },
    items: [],
    date: undefined,
    amount_paid: 1,
    invoice_number: '',
  });
  const expect = async (message: string) => {
    const r = await b.dispatch('purchase-create', form);
    assert.is(r.ok ? 'saved' : r.error.message, message);
  };
  await expect(PURCHASE_MESSAGES.supplier);
  form = { ...form, supplier: { name: 'Alaba Traders' } };
  await expect(PURCHASE_MESSAGES.items);
  form = { ...form, items: [{ id: '', name: '', quantity: 1, price: 100 }, { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: 10 }] };
  await expect(PURCHASE_MESSAGES.date);
  form = { ...form, date: T0, amount_paid: 500 };
  await expect(PURCHASE_MESSAGES.overpaid);
  form = { ...form, amount_paid: 110 };
  await expect(PURCHASE_MESSAGES.invoice);
  form = { ...form, invoice_number: 'INV-9' };
  await expect(PURCHASE_MESSAGES.itemName);
  assert.is(batches(), 0);
  assert.equal(
    [PURCHASE_MESSAGES.supplier, PURCHASE_MESSAGES.items, PURCHASE_MESSAGES.date, PURCHASE_MESSAGES.overpaid, PURCHASE_MESSAGES.invoice, PURCHASE_MESSAGES.itemName],
    [
      'You must select the supplier you are buying from',
      'You must add atleast one item to purchase',
      'You must provide a purchase date',
      'The total paid cannot be morethan the total amount payable',
      'Invoice number is required for proper purchase tracking',
      'You must select item to be bought',
    ],
  );
  await b.close();
});

test('an item id that is not an item, and a quantity below one, are refused', async () => {
  const { b } = await setup();
  const r1 = await b.dispatch('purchase-create', purchaseForm({ amount_paid: 0, acceptDebt: true, items: [{ id: 'nope', name: 'Ghost', quantity: 1, price: 5 }] }));
  assert.equal(r1, { ok: false, error: { code: 'purchase-item', message: 'You must select item to be bought' } });
  const r2 = await b.dispatch('purchase-create', purchaseForm({ amount_paid: 0, items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 0, price: 5 }] }));
  assert.equal(r2, { ok: false, error: { code: 'purchase-quantity', message: 'You cannot buy less than one of Rice 50kg' } });
  await b.close();
});

test('underpaying needs the debt confirmation; declined it is the spec message and nothing is saved', async () => {
  const { b, batches } = await setup();
  const r = await b.dispatch('purchase-create', purchaseForm({ amount_paid: '100,000' }));
  assert.equal(r, { ok: false, error: { code: 'purchase-debt', message: 'Please update amount paid for purchase' } });
  assert.is(batches(), 0);
  const saved = ok(await b.dispatch('purchase-create', purchaseForm({ amount_paid: '100,000', acceptDebt: true })));
  const { purchase } = await docsOf(b, saved.id);
  assert.is(purchase.amount_paid, 100000);
  assert.is(purchase.total_due, 111000);
  assert.is(PURCHASE_MESSAGES.debtTitle, 'Debt purchase alert!');
  assert.is(PURCHASE_MESSAGES.debtButton, 'Yes, accept debt!');
  await b.close();
});

test('an empty price takes the item\'s purchase price; money is summed without float drift', async () => {
  const { b } = await setup();
  const r = ok(
    await b.dispatch(
      'purchase-create',
      purchaseForm({
        amount_paid: 0,
        acceptDebt: true,
        items: [
          { id: PALM_OIL._id, name: PALM_OIL.name, quantity: 3 },
          { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: '' },
          { id: PALM_OIL._id, name: PALM_OIL.name, quantity: 3, price: '0.1' },
        ],
      }),
    ),
  );
  const { purchase, lines } = await docsOf(b, r.id);
  assert.equal(lines.map((l) => l.price), [7500.5, 52000, 0.1]);
  assert.is(purchase.total_due, 74501.8);
  assert.is(purchase.summary, 'Purchase of Palm oil & Rice 50kg', 'each name once');
  await b.close();
});

test('expiry date only with trackExpiry; variation and group come from the variant item', async () => {
  const expiry = T0 + 90 * 86_400_000;
  const items = [{ id: SHIRT_RED_XL._id, name: 'T-shirt', quantity: 4, price: 3000, expiry_date: expiry }];
  const off = await setup();
  const r1 = ok(await off.b.dispatch('purchase-create', purchaseForm({ amount_paid: 12000, items })));
  assert.is((await docsOf(off.b, r1.id)).lines[0].expiry_date, undefined);
  await off.b.close();

  const on = await setup({ trackExpiry: true });
  const r2 = ok(await on.b.dispatch('purchase-create', purchaseForm({ amount_paid: 12000, items })));
  const { purchase, lines } = await docsOf(on.b, r2.id);
  assert.is(lines[0].expiry_date, expiry);
  assert.is(purchase.items[0].expiry_date, expiry);
  assert.is(lines[0].group, 'T-shirt');
  assert.equal(lines[0].variation, { colour: 'Red', size: 'XL' });
  assert.is(lines[0].id, SHIRT_RED_XL._id, 'stock is keyed by the variant item id');
  await on.b.close();
});

test('warehouse, truck number, waybill, transport and custom fields follow their switches', async () => {
  const form = purchaseForm({
    to: 'd-warehouse-2',
    truck_number: 'LND 123 XY',
    waybill: 'WB-7',
    transport: { total: 5000, paid: 5000 },
    customFields: { 'Batch number': 'B-42', Unknown: 'dropped' },
  });
  const off = await setup();
  const r1 = ok(await off.b.dispatch('purchase-create', form));
  const p1 = (await docsOf(off.b, r1.id)).purchase;
  assert.equal([p1.to, p1.truck_number, p1.waybill, p1.transport, p1.customFields], ['store', undefined, undefined, undefined, undefined]);
  await off.b.close();

  const on = await setup({ useWarehouse: true, truckNumber: 'both', waybill: 'purchases', trackTransport: true, customPurchaseFields: ['Batch number'] });
  const r2 = ok(await on.b.dispatch('purchase-create', form));
  const { purchase, lines } = await docsOf(on.b, r2.id);
  assert.is(purchase.to, 'd-warehouse-2');
  assert.is(lines[0].to, 'd-warehouse-2');
  assert.is(purchase.truck_number, 'LND 123 XY');
  assert.is(purchase.waybill, 'WB-7');
  assert.equal(purchase.transport, { total: 5000, paid: 5000 });
  assert.equal(purchase.customFields, { 'Batch number': 'B-42' });
  await on.b.close();

  const salesOnly = await setup({ truckNumber: 'sales' });
  const r3 = ok(await salesOnly.b.dispatch('purchase-create', form));
  assert.is((await docsOf(salesOnly.b, r3.id)).purchase.truck_number, undefined);
  await salesOnly.b.close();
});

test.run();
