/**
 * Units of measure (issue 28): an item with a base unit and a pack unit, bought in packs, sold in packs and
 * pieces. The figures are worked out by hand in each test.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { SUPPLIER } from '../support/fixtures';
import { bothWays, baseCost } from '../../commands/lib/units';
import type { NodeBackend } from '../../worker/backend';
import { stored } from '../support/docs';
import type { SaleInput } from '../../commands/sales';

const CARTON_CODE = '6151234500017';

/** Indomie: a piece at ₦220, a carton of 24 at ₦4,800; no stock yet. */
async function indomie(b: NodeBackend, quantity = 0): Promise<string> {
  const { id } = ok(
    await b.dispatch('item-create', {
      name: 'Indomie',
      quantity,
      price: 220,
      purchasePrice: 150,
      unit: 'piece',
      units: [{ name: 'carton', factor: 24, price: 4800, barcode: CARTON_CODE }],
    }),
  );
  return id;
}

async function buy(b: NodeBackend, id: string, quantity: number, price: number, unit?: string, invoice = 'P-1', date = T0) {
  return ok(
    await b.dispatch('purchase-create', {
      supplier: { ...SUPPLIER },
      invoice_number: invoice,
      date,
      amount_paid: quantity * price,
      items: [{ id, name: 'Indomie', quantity, price, unit }],
    }),
  );
}

function sale(items: SaleInput['items'], amount_paid: number): SaleInput {
  return { customer: { with_account: false, name: 'Walk-in' }, items, amount_paid };
}

const stock = async (b: NodeBackend, id: string) => {
  await b.ctx.ledger.ready();
  return b.ctx.ledger.stock(id);
};

test('the example of issue 28: 10 cartons bought at ₦4,200, 1 carton and 5 pieces sold', async () => {
  const b = await makeBackend();
  const id = await indomie(b);
  await buy(b, id, 10, 4200, 'carton');
  // 10 cartons × 24 = 240 pieces in the ledger, which counts base units only.
  assert.is(await stock(b, id), 240);

  const saved = ok(
    await b.dispatch(
      'sale-create',
      sale(
        [
          { id, name: 'Indomie', quantity: 1, price: 4800, unit: 'carton' },
          { id, name: 'Indomie', quantity: 5, price: 220 },
        ],
        5900,
      ),
    ),
  );
  const doc = await stored(b.ctx.db.main, saved.id, 'sale');
  // 4,800 + 5 × 220 = 5,900.
  assert.is(doc.total_due, 5900);
  assert.is(doc.total_quantity, 29);
  assert.is(doc.items[0].unit, 'carton');
  assert.is(doc.items[0].unit_factor, 24);
  assert.is(doc.items[1].unit, 'piece');
  assert.is(doc.items[1].unit_factor, undefined);
  // 240 − 24 − 5 = 211 pieces = 8 cartons (192) and 19 pieces. (The text says 214 = 8 cartons 22 pieces,
  // which does not follow from its own figures: 29 pieces sold, as its cost of 29 × ₦175 says, leave 211.)
  assert.is(await stock(b, id), 211);
  const units = { unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800 }] };
  assert.is(bothWays(211, units), '8 cartons 19 pieces = 211 pieces');
  assert.is(bothWays(214, units), '8 cartons 22 pieces = 214 pieces');

  // Cost: ₦4,200 ÷ 24 = ₦175 a piece (not the ₦150 the item was created with); a carton line costs 24 × 175.
  assert.is(doc.items[0].cost_price, 4200);
  assert.is(doc.items[1].cost_price, 175);
  const list = ok(await b.dispatch('sales-list', { offset: 0, limit: 10 }));
  const byQty = new Map(list.rows.map((r) => [r.quantity, r]));
  // 29 pieces × 175 = 5,075 cost; 5,900 − 5,075 = 825 profit (600 on the carton, 225 on the pieces).
  assert.is(byQty.get(1)!.profit, 600);
  assert.is(byQty.get(5)!.profit, 225);
  assert.is(list.summary?.profit, 825);
  // The summary's items sold count pieces: 24 + 5 = 29 (each row keeps its quantity in its own unit).
  assert.is(list.summary?.items, 29);
  assert.equal(list.rows.map((r) => r.description).sort(), ['Indomie (carton)', 'Indomie (piece)']);
  const bought = ok(await b.dispatch('purchases-list', { offset: 0, limit: 10 }));
  assert.is(bought.summary.items, 240);

  // The day at a glance counts the item's best-seller quantity in pieces: 24 + 5 = 29.
  const glance = ok(await b.dispatch('day-glance', {}));
  assert.equal(glance.top.map((t) => [t.id, t.quantity, t.total]), [[id, 29, 5900]]);

  // The store list carries the units, so the screen shows the balance both ways.
  const row = ok(await b.dispatch('store-list', { offset: 0, limit: 10 })).rows.find((r) => r._id === id)!;
  assert.is(row.balance, 211);
  assert.equal(row.units, [{ name: 'carton', factor: 24, price: 4800, barcode: CARTON_CODE }]);
  await b.close();
});

test("available stock is checked, and 'only N left' said, in the unit being sold", async () => {
  const b = await makeBackend();
  const id = await indomie(b);
  await buy(b, id, 214, 175); // 214 pieces: 8 cartons and 22 pieces
  const refused = await b.dispatch('sale-create', sale([{ id, name: 'Indomie', quantity: 9, price: 4800, unit: 'carton' }], 43200));
  assert.ok(!refused.ok);
  if (!refused.ok) assert.is(refused.error.message, 'There are only 8 Indomie (carton) left, hence you cannot sell upto 9');
  // A carton line and a piece line draw on the same pieces: 8 cartons (192) leave 22, so 23 pieces are too many.
  const both = await b.dispatch(
    'sale-create',
    sale(
      [
        { id, name: 'Indomie', quantity: 8, price: 4800, unit: 'carton' },
        { id, name: 'Indomie', quantity: 23, price: 220 },
      ],
      43460,
    ),
  );
  assert.ok(!both.ok);
  if (!both.ok) assert.is(both.error.message, 'There are only 22 Indomie left, hence you cannot sell upto 23');
  assert.is(await stock(b, id), 214);
  ok(await b.dispatch('sale-create', sale([{ id, name: 'Indomie', quantity: 8, price: 4800, unit: 'carton' }, { id, name: 'Indomie', quantity: 22, price: 220 }], 43240)));
  assert.is(await stock(b, id), 0);
  await b.close();
});

test('rounding: a pack price the factor does not divide gives the cost per piece to the nearest kobo', async () => {
  // ₦1,000 ÷ 24 = ₦41.666… → ₦41.67; ₦100 ÷ 8 = ₦12.50 exactly; 25 kobo ÷ 2 = 12.5 kobo → 13 kobo (half away from zero).
  assert.is(baseCost(1000, 24), 41.67);
  assert.is(baseCost(100, 8), 12.5);
  assert.is(baseCost(0.25, 2), 0.13);
  assert.is(baseCost(1000, 1), 1000);
  const b = await makeBackend();
  const id = await indomie(b);
  await buy(b, id, 2, 1000, 'carton');
  const saved = ok(
    await b.dispatch(
      'sale-create',
      sale(
        [
          { id, name: 'Indomie', quantity: 1, price: 4800, unit: 'carton' },
          { id, name: 'Indomie', quantity: 1, price: 220 },
        ],
        5020,
      ),
    ),
  );
  const doc = await stored(b.ctx.db.main, saved.id, 'sale');
  // A carton's cost is the rounded piece cost × 24 = 41.67 × 24 = 1,000.08, not the ₦1,000 paid.
  assert.is(doc.items[0].cost_price, 1000.08);
  assert.is(doc.items[1].cost_price, 41.67);
  await b.close();
});

test('the cost is the latest purchase by date: a later one replaces it, its deletion brings the earlier back', async () => {
  const b = await makeBackend();
  const id = await indomie(b, 10); // 10 pieces of starting stock: not a purchase
  const DAY = 86_400_000;
  const costOfOnePiece = async () => {
    const saved = ok(await b.dispatch('sale-create', sale([{ id, name: 'Indomie', quantity: 1, price: 220 }], 220)));
    return (await stored(b.ctx.db.main, saved.id, 'sale')).items[0].cost_price;
  };
  ok(await b.dispatch('config-set', { deletePolicy: 'managers' }));
  await b.settled();
  // Never bought: the item's own purchase price (₦150); then bought by the piece at ₦160.
  assert.is(await costOfOnePiece(), 150);
  await buy(b, id, 24, 160, undefined, 'P-0', T0 - 2 * DAY);
  assert.is(await costOfOnePiece(), 160);
  await buy(b, id, 1, 4200, 'carton', 'P-1', T0);
  assert.is(await costOfOnePiece(), 175);
  // A carton at ₦4,800 a day later: ₦200 a piece.
  const later = await buy(b, id, 1, 4800, 'carton', 'P-2', T0 + DAY);
  assert.is(await costOfOnePiece(), 200);
  // Entered afterwards but dated earlier: not the latest purchase.
  await buy(b, id, 1, 2400, 'carton', 'P-3', T0 - DAY);
  assert.is(await costOfOnePiece(), 200);
  ok(await b.dispatch('purchase-delete', { id: later.id }));
  assert.is(await costOfOnePiece(), 175);
  await b.close();
});

test("scanning a carton's barcode adds a carton at the carton price, from the index", async () => {
  const b = await makeBackend();
  const id = await indomie(b);
  const scan = ok(await b.dispatch('item-scan', { code: CARTON_CODE }));
  assert.ok(scan.item);
  if (scan.item) {
    assert.is(scan.item._id, id);
    assert.is(scan.unit, 'carton');
    assert.is(scan.unit_factor, 24);
    assert.is(scan.price, 4800);
    assert.is(scan.quantity, 1);
  }
  // A pack's barcode belongs to one thing: another item cannot take it.
  const taken = await b.dispatch('item-create', { name: 'Other', price: 1, barcode: CARTON_CODE });
  assert.ok(!taken.ok);
  if (!taken.ok) assert.match(taken.error.message, `The barcode ${CARTON_CODE} is already used.`);
  await b.close();
});

test('units are bounded: factor, count, names; an unknown unit on a line is refused', async () => {
  const b = await makeBackend();
  const bad = async (units: unknown, unit?: string) => {
    const r = await b.dispatch('item-create', { name: 'X', price: 1, unit, units: units as never });
    assert.ok(!r.ok, JSON.stringify(units));
    return r.ok ? '' : r.error.message;
  };
  assert.match(await bad([{ name: 'carton', factor: 0, price: 1 }]), 'whole number of base units, from 2 to 100,000');
  assert.match(await bad([{ name: 'carton', factor: 2.5, price: 1 }]), 'whole number of base units');
  assert.match(await bad([{ name: 'carton', factor: 100001, price: 1 }]), 'from 2 to 100,000');
  assert.match(await bad([{ name: '', factor: 2, price: 1 }]), 'A unit needs a name');
  assert.match(await bad([{ name: 'x'.repeat(31), factor: 2, price: 1 }]), 'A unit needs a name');
  assert.match(await bad(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, factor: i + 2, price: 1 }))), 'at most 10 pack units');
  assert.match(await bad([{ name: 'Piece', factor: 2, price: 1 }], 'piece'), 'named twice');
  assert.match(await bad([{ name: 'carton', factor: 2, price: -1 }]), 'price of 0 or more');
  const id = await indomie(b);
  await buy(b, id, 1, 4200, 'carton');
  const r = await b.dispatch('sale-create', sale([{ id, name: 'Indomie', quantity: 1, price: 1, unit: 'pallet' }], 1));
  assert.ok(!r.ok);
  if (!r.ok) assert.is(r.error.message, 'Indomie has no unit pallet.');
  await b.close();
});

test('editing a sale gives back its old lines in base units', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { editableInvoice: true }));
  await b.settled();
  const id = await indomie(b);
  await buy(b, id, 1, 4200, 'carton'); // 24 pieces
  const saved = ok(await b.dispatch('sale-create', sale([{ id, name: 'Indomie', quantity: 1, price: 4800, unit: 'carton' }], 4800)));
  assert.is(await stock(b, id), 0);
  // The carton it held (24 pieces) is available again to the edit: 24 pieces instead.
  ok(await b.dispatch('sale-update', { id: saved.id, items: [{ id, name: 'Indomie', quantity: 24, price: 220 }], amount_paid: 5280 }));
  assert.is(await stock(b, id), 0);
  ok(await b.dispatch('sale-update', { id: saved.id, items: [{ id, name: 'Indomie', quantity: 20, price: 220 }], amount_paid: 4400 }));
  assert.is(await stock(b, id), 4);
  await b.close();
});

test.run();
