/**
 * The store screen's rows: items from the in-memory index (search and name order), balances and expiry from
 * the ledger's in-memory sums. One pass over plain numbers finds the tab's rows and the badge counts; only
 * the page's rows are built in full (money through money.ts), so 50,000 items answer in milliseconds.
 */
import dayjs from 'dayjs';
import type { ItemDoc } from '../../commands/docs';
import { mulMoney, toMinor } from '../../commands/lib/money';
import type { StoreRow, StoreTab } from '../../commands/items';
import { isLowStock, reorderLevelOf } from '../../commands/lib/reorder';
import { DEFAULT_PAGE_SIZE } from '../../commands/table';
import type { Ctx } from '../context';
import { domain } from '../registry';
import { itemIndex } from './search/item-index';
import { toHit } from './stock';

/** What the pass keeps per matching item: enough to filter, sort and total without building rows. */
type Match = { doc: ItemDoc; balance: number; closest?: number };

function row(ctx: Ctx, m: Match, warehouse: string | undefined, trackExpiry: boolean): StoreRow {
  const hit = toHit(ctx, m.doc, warehouse);
  const out: StoreRow = { ...hit, stockValue: mulMoney(hit.price, hit.balance), level: reorderLevelOf(m.doc, warehouse) };
  if (trackExpiry && m.closest !== undefined) {
    // The ledger's expiry view: remaining batches oldest first, the closest one's position among all batches.
    const view = ctx.ledger.expiryView(m.doc._id);
    out.closestExpiry = m.closest;
    out.expiringQuantity = view.batches[0]?.quantity;
    out.iteration = view.iteration ?? 1;
  }
  return out;
}

const price = (m: Match) => m.doc.price ?? 0;

/**
 * Each item's price in minor units, remembered per document object (an edit brings a new object): toMinor is
 * exact but formats a string, and the stock value totals every item on every page.
 */
const minorPrices = new WeakMap<ItemDoc, number>();
function priceMinor(doc: ItemDoc): number {
  let v = minorPrices.get(doc);
  if (v === undefined) minorPrices.set(doc, (v = toMinor(doc.price ?? 0)));
  return v;
}
/** Sort keys of the columns; the worker sorts on numbers (a float product is fine for ordering only). */
const SORT_KEYS: Record<string, (m: Match) => number | string> = {
  price,
  balance: (m) => m.balance,
  stockValue: (m) => price(m) * m.balance,
  closestExpiry: (m) => m.closest ?? Infinity,
  description: (m) => (m.doc.description ?? '').toLowerCase(),
};

function belongs(tab: StoreTab, doc: ItemDoc, balance: number, showroom: boolean, soon: boolean, low: boolean): boolean {
  switch (tab) {
    case 'low':
      return low;
    case 'raw':
      return !!doc.isRaw;
    case 'out':
      return balance <= 0;
    case 'expiring':
      return soon;
    default:
      return showroom ? !doc.isRaw : true;
  }
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
    const opts = warehouse ? { warehouse } : undefined;
    const search = input.search?.trim() ?? '';
    // Search rank order (exact code, then name prefix, ...) unless a column sort is asked for.
    const rank = new Map(search ? idx.search(search).map((d, i) => [d._id, i]) : []);

    // Counts cover every item (the badges); matches are the tab's rows that fit the search.
    let outOfStock = 0;
    let expiring = 0;
    let lowStock = 0;
    let valueMinor = 0;
    const matches: Match[] = [];
    for (const doc of idx.search('')) {
      const balance = ctx.ledger.stock(doc._id, opts);
      const closest = trackExpiry ? ctx.ledger.expiryView(doc._id).closest : undefined;
      const soon = closest !== undefined && closest <= horizon;
      if (balance <= 0) outOfStock++;
      if (soon) expiring++;
      const low = isLowStock(balance, reorderLevelOf(doc, warehouse));
      if (low) lowStock++;
      if (!belongs(tab, doc, balance, useShowroom, soon, low) || (search && !rank.has(doc._id))) continue;
      matches.push({ doc, balance, closest });
      valueMinor += Math.round(priceMinor(doc) * balance);
    }
    if (search) matches.sort((a, b) => rank.get(a.doc._id)! - rank.get(b.doc._id)!);
    const key = input.sort?.key && SORT_KEYS[input.sort.key];
    if (key) matches.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    if (input.sort?.dir === 'desc') matches.reverse();

    const offset = Math.max(0, input.offset ?? 0);
    const limit = Math.max(1, input.limit ?? DEFAULT_PAGE_SIZE);
    return {
      rows: matches.slice(offset, offset + limit).map((m) => row(ctx, m, warehouse, trackExpiry)),
      total: matches.length,
      offset,
      summary: { outOfStock, lowStock, expiring, items: idx.size, stockValue: valueMinor / 100 },
    };
  },
});
