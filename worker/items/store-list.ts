/**
 * The store screen's rows: items from the in-memory index (search and name order), balances and expiry from
 * the ledger's in-memory sums. One page crosses the boundary; tab counts go in the summary.
 */
import dayjs from 'dayjs';
import type { ItemDoc } from '../../commands/docs';
import { mulMoney, toMinor } from '../../commands/lib/money';
import type { StoreRow, StoreTab } from '../../commands/store';
import { DEFAULT_PAGE_SIZE } from '../../commands/table';
import { domain } from '../registry';
import type { Ctx } from '../context';
import { itemIndex } from './search-index';
import { toHit } from './stock';

type Computed = StoreRow & { expiringSoon: boolean };

function compute(ctx: Ctx, doc: ItemDoc, warehouse: string | undefined, trackExpiry: boolean, horizon: number): Computed {
  const hit = toHit(ctx, doc, warehouse);
  const row: Computed = { ...hit, stockValue: mulMoney(hit.price, hit.balance), expiringSoon: false };
  if (trackExpiry) {
    // The ledger's expiry view: remaining batches oldest first, the closest one's position among all batches.
    const view = ctx.ledger.expiryView(doc._id);
    if (view.closest !== undefined) {
      row.closestExpiry = view.closest;
      row.expiringSoon = view.closest <= horizon;
      row.expiringQuantity = view.batches[0]?.quantity;
      row.iteration = view.iteration ?? 1;
    }
  }
  return row;
}

/** Sum in exact minor units (tens of thousands of rows: plain integers, no float drift). */
function totalValue(rows: readonly StoreRow[]): number {
  let minor = 0;
  for (const r of rows) minor += toMinor(r.stockValue);
  return minor / 100;
}

const SORTERS: Record<string, (a: StoreRow, b: StoreRow) => number> = {
  price: (a, b) => a.price - b.price,
  balance: (a, b) => a.balance - b.balance,
  stockValue: (a, b) => a.stockValue - b.stockValue,
  closestExpiry: (a, b) => (a.closestExpiry ?? Infinity) - (b.closestExpiry ?? Infinity),
  description: (a, b) => (a.description ?? '').localeCompare(b.description ?? ''),
  expiringQuantity: (a, b) => (a.expiringQuantity ?? 0) - (b.expiringQuantity ?? 0),
};

function belongs(tab: StoreTab, row: Computed, showroom: boolean): boolean {
  switch (tab) {
    case 'raw':
      return !!row.isRaw;
    case 'out':
      return row.balance <= 0;
    case 'expiring':
      return row.expiringSoon;
    default:
      return showroom ? !row.isRaw : true;
  }
}

export default domain({
  'store-list': async (input, ctx) => {
    const idx = itemIndex(ctx.db.main);
    await Promise.all([idx.ready(), ctx.ledger.ready()]);
    const { useShowroom, trackExpiry, expiryTreshold } = await ctx.config();
    const horizon = dayjs(ctx.clock()).add(expiryTreshold, 'month').valueOf();
    const tab = input.tab ?? 'store';
    const warehouse = input.warehouse || undefined;

    // Counts cover every item (the badges), the page covers the tab's search matches.
    let outOfStock = 0;
    let expiring = 0;
    const searching = !!input.search?.trim();
    // Search rank order (exact code, then name prefix, ...) unless a column sort is asked for.
    const rank = new Map(searching ? idx.search(input.search ?? '').map((d, i) => [d._id, i]) : []);
    const rows: Computed[] = [];
    for (const doc of idx.search('')) {
      const row = compute(ctx, doc, warehouse, trackExpiry, horizon);
      if (row.balance <= 0) outOfStock++;
      if (row.expiringSoon) expiring++;
      if (belongs(tab, row, useShowroom) && (!searching || rank.has(doc._id))) rows.push(row);
    }
    if (searching) rows.sort((a, b) => (rank.get(a._id) ?? 0) - (rank.get(b._id) ?? 0));
    const sort = input.sort;
    if (sort && sort.key !== 'name' && SORTERS[sort.key]) rows.sort(SORTERS[sort.key]);
    if (sort?.dir === 'desc') rows.reverse();

    const offset = Math.max(0, input.offset ?? 0);
    const limit = Math.max(1, input.limit ?? DEFAULT_PAGE_SIZE);
    const page = rows.slice(offset, offset + limit).map(({ expiringSoon: _drop, ...r }) => r);
    return {
      rows: page,
      total: rows.length,
      offset,
      summary: { outOfStock, expiring, items: idx.size, stockValue: totalValue(rows) },
    };
  },
});
