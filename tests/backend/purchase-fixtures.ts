/** Items and a ready purchase form for the purchase tests (items are written directly, tests/backend/item-seed.ts: the store domain owns item-create). */
import type { PurchaseInput } from '../../commands/purchases';
import type { NodeBackend } from '../../worker/backend';
import { PALM_OIL, RICE_BAG, SHIRT_RED_XL, SUPPLIER } from '../support/fixtures';
import { seedItems } from './item-seed';
import { T0 } from './helpers';

/** The purchase tests' items (no stock: they are bought), through the one item seed. */
export const seedPurchaseItems = (b: NodeBackend): Promise<void> => seedItems(b, [RICE_BAG, PALM_OIL, SHIRT_RED_XL]);

export function purchaseForm(over: Partial<PurchaseInput> = {}): PurchaseInput {
  return {
    supplier: { ...SUPPLIER },
    invoice_number: 'INV-001',
    date: T0,
    amount_paid: 111000,
    items: [
      { id: RICE_BAG._id, name: RICE_BAG.name, quantity: 2, price: 52000 },
      { id: PALM_OIL._id, name: PALM_OIL.name, quantity: 1, price: 7000 },
    ],
    ...over,
  };
}
