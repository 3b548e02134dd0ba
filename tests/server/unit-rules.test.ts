/**
 * Units of measure over real HTTP (issue 28): the server refuses what the worker would not store, so a device
 * that skips the worker cannot give a carton a factor of 0 (the ledger would move no stock for it) or a line a
 * factor the item does not have the shape of.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('pack units: a whole factor from 2 to 100,000, named once, priced, at most 10; lines carry such a factor', async () => {
  const a = await registerBusiness(env.server, { name: 'Units Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const user = { username: a.username, fullname: 'x' };
  const item = { stores: 'item', name: 'Indomie', price: 220, purchasePrice: 175, date: 1000, user, unit: 'piece' };
  const carton = { name: 'carton', factor: 24, price: 4800, barcode: '6151234500017' };
  let n = 0;
  const put = async (doc: object) => {
    const res = await a.owner.call('PUT', `${main}/7-units-${n++}`, doc);
    return { status: res.status, reason: String(res.body?.reason ?? '') };
  };
  const refused = async (doc: object, reason: string, what: string) => {
    const res = await put(doc);
    assert.is(res.status, 403, what);
    assert.match(res.reason, reason, what);
  };
  await refused({ ...item, units: [{ ...carton, factor: 0 }] }, 'whole number of base units, from 2 to 100,000', 'factor 0');
  await refused({ ...item, units: [{ ...carton, factor: -24 }] }, 'whole number', 'negative factor');
  await refused({ ...item, units: [{ ...carton, factor: 1 }] }, 'whole number', 'factor 1');
  await refused({ ...item, units: [{ ...carton, factor: 2.5 }] }, 'whole number', 'fractional factor');
  await refused({ ...item, units: [{ ...carton, factor: '24' }] }, 'whole number', 'factor as text');
  await refused({ ...item, units: [{ ...carton, factor: 100001 }] }, 'whole number', 'factor too large');
  await refused({ ...item, units: [{ ...carton, name: '' }] }, 'A unit needs a name', 'no name');
  await refused({ ...item, units: [{ ...carton, name: 'c'.repeat(31) }] }, 'Unit name must be at most 30 characters', 'long name');
  await refused({ ...item, unit: 'p'.repeat(31) }, 'Unit name must be at most 30 characters', 'long base unit');
  await refused({ ...item, units: [{ ...carton, name: 'Piece' }] }, 'named twice', 'the base unit again');
  await refused({ ...item, units: [carton, { ...carton, barcode: undefined }] }, 'named twice', 'a pack twice');
  await refused({ ...item, units: [{ ...carton, price: -1 }] }, 'price of 0 or more', 'negative price');
  await refused({ ...item, units: [{ ...carton, barcode: 'b'.repeat(61) }] }, 'Unit barcode must be at most 60 characters', 'long barcode');
  await refused({ ...item, units: Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, factor: i + 2, price: 1 })) }, 'at most 10 pack units', 'eleven packs');
  await refused({ ...item, units: { carton } }, 'at most 10 pack units', 'not a list');
  await refused({ ...item, units: [{ ...carton, price: 1e13 }] }, 'Unit price must be below', 'price past the amount bound');
  // A pack's own price per level: a map of level id to an amount of 0 or more.
  await refused({ ...item, units: [{ ...carton, levelPrices: { wholesale: -1 } }] }, "A pack unit's level prices", 'negative level price');
  await refused({ ...item, units: [{ ...carton, levelPrices: { wholesale: '4500' } }] }, "A pack unit's level prices", 'level price as text');
  await refused({ ...item, units: [{ ...carton, levelPrices: [4500] }] }, "A pack unit's level prices", 'level prices as a list');
  assert.is((await put({ ...item, units: [carton, { name: 'pack', factor: 6, price: 1250, levelPrices: { wholesale: 1200 } }] })).status, 201);
  assert.is((await put({ stores: 'item', name: 'Plain', price: 1, purchasePrice: 1, date: 1000, user })).status, 201);

  // Lines: a movement line and its transaction's lines name a whole factor or none.
  const saleItem = { stores: 'sale_item', id: '7-x', name: 'Indomie', quantity: 1, price: 4800, factor: -1, date: 1000, user, transaction: { ref: '2-x' } };
  await refused({ ...saleItem, unit: 'carton', unit_factor: 0 }, "unit_factor is a whole number", 'sale line factor 0');
  await refused({ ...saleItem, unit: 'carton', unit_factor: -24 }, "unit_factor is a whole number", 'sale line negative factor');
  await refused({ stores: 'damaged-goods', item: { id: '7-x', name: 'Indomie' }, quantity: -1, unit: 'carton', unit_factor: 0.5, date: 1000, user }, 'unit_factor is a whole number', 'damaged goods');
  const purchase = { stores: 'purchase', supplier: { name: 'S' }, items: [{ id: '7-x', name: 'Indomie', quantity: 10, price: 4200, unit: 'carton', unit_factor: 24 }], amount_paid: 42000, total_due: 42000, total_quantity: 10, invoice_number: 'P', date: 1000, summary: 's', user };
  await refused({ ...purchase, items: [{ ...purchase.items[0], unit_factor: 0 }] }, 'unit_factor is a whole number', 'purchase line factor 0');
  assert.is((await put(purchase)).status, 201);
  assert.is((await put({ ...saleItem, unit: 'carton', unit_factor: 24 })).status, 201);
  assert.is((await put(saleItem)).status, 201);
});

test("a cashier (level 3) cannot change an item's units or pack prices; a store keeper (level 4) can", async () => {
  const a = await registerBusiness(env.server, { name: 'Units Levels Shop' });
  const main = `/db/oja-${a.id}`;
  const item = { stores: 'item', name: 'Indomie', price: 220, purchasePrice: 175, date: 1000, user: { username: a.username, fullname: 'x' }, unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800 }] };
  const made = await a.owner.call('PUT', `${main}/7-units-lv`, item);
  assert.is(made.status, 201);
  const cashier = await addStaff(a.owner, a.id, 'Cashier Three', 3);
  const keeper = await addStaff(a.owner, a.id, 'Keeper Four', 4);
  const cheaper = (username: string) => ({ ...item, _rev: made.body.rev, units: [{ name: 'carton', factor: 24, price: 100 }], updatedBy: { username, fullname: 'x' } });
  const byCashier = await cashier.client.call('PUT', `${main}/7-units-lv`, cheaper(cashier.username));
  assert.is(byCashier.status, 403);
  assert.match(String(byCashier.body?.reason), 'may not change item');
  const byKeeper = await keeper.client.call('PUT', `${main}/7-units-lv`, cheaper(keeper.username));
  assert.is(byKeeper.status, 201, JSON.stringify(byKeeper.body));
});

test.run();
