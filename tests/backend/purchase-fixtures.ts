/** Items and a ready purchase form for the purchase tests (items are written directly: the store domain owns item-create). */
import type { ItemDoc } from '../../commands/docs';
import type { PurchaseInput } from '../../commands/purchases';
import type { NodeBackend } from '../../worker/backend';
import { ok, T0 } from './helpers';

export const RICE: ItemDoc = { _id: '7Arice', stores: 'item', name: 'Rice 50kg', price: 60000, purchasePrice: 52000 };
export const OIL: ItemDoc = { _id: '7Aoil', stores: 'item', name: 'Palm oil', price: 9000, purchasePrice: 7500.5 };
export const SHIRT_RED_XL: ItemDoc = {
  _id: '7Ashirt-red-xl',
  stores: 'item',
  name: 'T-shirt',
  price: 5000,
  purchasePrice: 3000,
  group: { name: 'T-shirt', id: 'hAtshirt' },
  variation: { colour: 'Red', size: 'XL' },
};

export async function seedItems(b: NodeBackend): Promise<void> {
  await b.ctx.db.main.bulkDocs([RICE, OIL, SHIRT_RED_XL]);
}

export async function seedSupplier(b: NodeBackend, name = 'Alaba Traders') {
  return ok(await b.dispatch('client-create', { kind: 'supplier', name, phone_number: '08031112222' }));
}

export function purchaseForm(over: Partial<PurchaseInput> = {}): PurchaseInput {
  return {
    supplier: { name: 'Alaba Traders', phone_number: '08031112222' },
    invoice_number: 'INV-001',
    date: T0,
    amount_paid: 111000,
    items: [
      { id: RICE._id, name: RICE.name, quantity: 2, price: 52000 },
      { id: OIL._id, name: OIL.name, quantity: 1, price: 7000 },
    ],
    ...over,
  };
}
