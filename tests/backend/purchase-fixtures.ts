/** Items and a ready purchase form for the purchase tests (items are written directly: the store domain owns item-create). */
import type { PurchaseInput } from '../../commands/purchases';
import type { NodeBackend } from '../../worker/backend';
import { PALM_OIL, RICE_BAG, SHIRT_RED_XL, SUPPLIER } from '../support/fixtures';
import { seedDocs } from '../support/seed';
import { T0 } from './helpers';

export async function seedItems(b: NodeBackend): Promise<void> {
  await seedDocs(b.ctx.db.main, [RICE_BAG, PALM_OIL, SHIRT_RED_XL]);
}

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
