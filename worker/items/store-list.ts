/**
 * The store screen's rows: items from the in-memory index (search and name order), balances and expiry from
 * the ledger's in-memory sums. One pass over plain numbers finds the tab's rows and the badge counts, and is
 * kept until an item, a balance or an expiry changes (store-pass.ts); only the page's rows are built in full
 * (money through money.ts), so a page of 50,000 items costs its own rows.
 */
import dayjs from 'dayjs';
import { mulMoney } from '../../commands/lib/money';
import type { StoreRow } from '../../commands/items';
import { reorderLevelOf } from '../../commands/lib/reorder';
import { DEFAULT_PAGE_SIZE } from '../../commands/table';
import type { Ctx } from '../context';
import { domain } from '../registry';
import { itemIndex } from './search/item-index';
import { storePass, type StorePass } from './store-pass';
import { toHit } from './stock';

function row(ctx: Ctx, pass: StorePass, i: number, warehouse: string | undefined, trackExpiry: boolean): StoreRow {
  const doc = pass.docs[i];
  const hit = toHit(ctx, doc, warehouse);
  const out: StoreRow = { ...hit, stockValue: mulMoney(hit.price, hit.balance), level: reorderLevelOf(doc, warehouse) };
  if (trackExpiry && !Number.isNaN(pass.closest[i])) {
    // The ledger's expiry view: remaining batches oldest first, the closest one's position among all batches.
    const view = ctx.ledger.expiryView(doc._id, warehouse);
    out.closestExpiry = pass.closest[i];
    out.expiringQuantity = view.batches[0]?.quantity;
    out.iteration = view.iteration ?? 1;
  }
  return out;
}

export default domain({
  'store-list': async (input, ctx) => {
    const idx = itemIndex(ctx.db);
    const [{ useShowroom, trackExpiry, expiryTreshold }] = await Promise.all([ctx.config(), idx.ready(), ctx.ledger.ready()]);
    // Expiry comes from the entries, which a cold start restores after the balances.
    if (trackExpiry) await ctx.ledger.entriesReady();
    const horizon = dayjs(ctx.clock()).add(expiryTreshold, 'month').valueOf();
    const tab = input.tab ?? 'store';
    const warehouse = input.warehouse || undefined;
    const search = input.search?.trim() ?? '';
    const pass = storePass(idx, ctx.ledger, { tab, warehouse, search, sort: input.sort, useShowroom: !!useShowroom, trackExpiry: !!trackExpiry }, horizon);

    const offset = Math.max(0, input.offset ?? 0);
    const limit = Math.max(1, input.limit ?? DEFAULT_PAGE_SIZE);
    const { outOfStock, lowStock, expiring, valueMinor } = pass;
    return {
      rows: pass.order.slice(offset, offset + limit).map((i) => row(ctx, pass, i, warehouse, !!trackExpiry)),
      total: pass.order.length,
      offset,
      summary: { outOfStock, lowStock, expiring, items: idx.size, stockValue: valueMinor / 100 },
    };
  },
});
