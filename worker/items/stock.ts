/** Balances and expiry of items, read only through the ledger engine (ctx.ledger). */
import type { ItemDoc } from '../../commands/docs';
import type { ItemHit } from '../../commands/items';
import type { Ctx } from '../context';

export function balanceOf(ctx: Ctx, id: string, warehouse?: string): number {
  return ctx.ledger.stock(id, warehouse ? { warehouse } : undefined);
}

export function toHit(ctx: Ctx, doc: ItemDoc, warehouse?: string): ItemHit {
  return {
    _id: doc._id,
    name: doc.name,
    price: doc.price ?? 0,
    purchasePrice: doc.purchasePrice ?? 0,
    description: doc.description,
    barcode: doc.barcode,
    isRaw: doc.isRaw,
    group: doc.group,
    variation: doc.variation,
    image: doc.image,
    reorderLevel: doc.reorderLevel,
    reorderLevels: doc.reorderLevels,
    ...(doc.unit ? { unit: doc.unit } : {}),
    ...(doc.units?.length ? { units: doc.units } : {}),
    levelPrices: doc.levelPrices,
    balance: balanceOf(ctx, doc._id, warehouse),
  };
}
