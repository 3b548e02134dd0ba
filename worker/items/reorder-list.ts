/**
 * 'reorder-list': the items at or below their reorder level, from the in-memory item index and the ledger's
 * balances (one pass over plain numbers, no database read), with what to order at the last purchase price.
 */
import { needsReorder, reorderLevelOf, reorderQuantity } from '../../commands/lib/reorder';
import type { ReorderRow } from '../../commands/items';
import { domain } from '../registry';
import { itemIndex } from './search/item-index';

export default domain({
  'reorder-list': async (input, ctx) => {
    const idx = itemIndex(ctx.db);
    await Promise.all([idx.ready(), ctx.ledger.ready()]);
    const warehouse = input.warehouse || undefined;
    const opts = warehouse ? { warehouse } : undefined;
    const rows: ReorderRow[] = [];
    // search('') is the index's name order, so the list (and the purchase made from it) reads alphabetically.
    for (const doc of idx.search('')) {
      const level = reorderLevelOf(doc, warehouse);
      if (level === undefined) continue;
      const balance = ctx.ledger.stock(doc._id, opts);
      if (!needsReorder(balance, level)) continue;
      rows.push({
        _id: doc._id,
        name: doc.name,
        group: doc.group,
        variation: doc.variation,
        barcode: doc.barcode,
        balance,
        level,
        quantity: reorderQuantity(balance, level),
        purchasePrice: doc.purchasePrice ?? 0,
      });
    }
    return rows;
  },
});
