/**
 * The store screen's pass over every item: the badge counts (out of stock, low, expiring soon), the tab's
 * matching rows in their final order and their stock value. At 50,000 items and a busy machine the pass
 * costs tens of milliseconds, so its result is kept and reused for every page of the same query until
 * something it read changes:
 *
 * - the item index's `changes` (any item put or removed: names, prices, reorder levels, raw flags),
 * - the ledger's `version()` (any balance or entry, hence any expiry, and a replaced state),
 * - the query (tab, warehouse, search text, sort, the showroom and expiry settings),
 * - time, for 'Expiring soon' only: the pass notes the latest closest expiry inside the horizon and the first
 *   one beyond it, and holds while the horizon stays between the two.
 *
 * The pass keeps per item only a document reference and two numbers in flat arrays, and sorts an index list:
 * no object per item (the collector was half the old pass's time). Balances come as one column from the
 * ledger (stock-column.ts), which keeps the list's accounts between passes.
 */
import type { ItemDoc } from '../../commands/docs';
import type { StoreTab } from '../../commands/items';
import { toMinor } from '../../commands/lib/money';
import { isLowStock, reorderLevelOf } from '../../commands/lib/reorder';
import type { LedgerEngine } from '../ledger/engine';
import type { ItemIndex } from './search/item-index';

export type PassQuery = {
  tab: StoreTab;
  warehouse: string | undefined;
  search: string;
  sort?: { key?: string; dir?: string };
  useShowroom: boolean;
  trackExpiry: boolean;
};

export type StorePass = {
  /** Per matching item, in walk (name) order: the document, its balance, its closest expiry (NaN: none). */
  docs: ItemDoc[];
  balances: number[];
  closest: number[];
  /** Walk indexes in the page order the query asks for. */
  order: number[];
  outOfStock: number;
  lowStock: number;
  expiring: number;
  valueMinor: number;
};

type Kept = {
  pass: StorePass;
  items: number;
  ledger: LedgerEngine;
  ledgerVersion: number;
  /** The pass holds for a horizon h with soonUpTo <= h < laterFrom. */
  soonUpTo: number;
  laterFrom: number;
};

/** Passes kept per item index: a few tabs or sorts in turn; each costs about 1 MB at 50,000 items. */
const KEEP = 6;
const kept = new WeakMap<ItemIndex, Map<string, Kept>>();

/** The pass for `q` at `horizon` (expiring soon: closest expiry at or before it), reused when nothing it read changed. */
export function storePass(idx: ItemIndex, ledger: LedgerEngine, q: PassQuery, horizon: number): StorePass {
  let passes = kept.get(idx);
  if (!passes) kept.set(idx, (passes = new Map()));
  const key = JSON.stringify([q.tab, q.warehouse ?? '', q.search, q.sort?.key ?? '', q.sort?.dir ?? '', q.useShowroom, q.trackExpiry]);
  const hit = passes.get(key);
  if (hit && hit.items === idx.changes && hit.ledger === ledger && hit.ledgerVersion === ledger.version() && hit.soonUpTo <= horizon && horizon < hit.laterFrom) {
    // Most recently used last, so the oldest is the one dropped.
    passes.delete(key);
    passes.set(key, hit);
    return hit.pass;
  }
  // Read the versions before the pass: it runs synchronously, so it sees exactly the state they name.
  const items = idx.changes;
  const ledgerVersion = ledger.version();
  const { pass, soonUpTo, laterFrom } = walk(idx, ledger, q, horizon);
  passes.delete(key);
  passes.set(key, { pass, items, ledger, ledgerVersion, soonUpTo, laterFrom });
  if (passes.size > KEEP) passes.delete(passes.keys().next().value as string);
  return pass;
}

function walk(idx: ItemIndex, ledger: LedgerEngine, q: PassQuery, horizon: number) {
  const { tab, warehouse, search, useShowroom, trackExpiry } = q;
  // Search rank order (exact code, then name prefix, ...) unless a column sort is asked for.
  const rankOf = search ? new Map(idx.search(search).map((d, i) => [d._id, i])) : undefined;
  const pass: StorePass = { docs: [], balances: [], closest: [], order: [], outOfStock: 0, lowStock: 0, expiring: 0, valueMinor: 0 };
  const ranks: number[] = [];
  let soonUpTo = -Infinity;
  let laterFrom = Infinity;
  const named = idx.inNameOrder();
  const column = ledger.stockColumn(named, warehouse);
  for (let k = 0; k < named.length; k++) {
    const doc = named[k];
    const balance = column[k];
    const closest = trackExpiry ? ledger.expiryView(doc._id, warehouse).closest : undefined;
    let soon = false;
    if (closest !== undefined) {
      soon = closest <= horizon;
      if (soon) soonUpTo = Math.max(soonUpTo, closest);
      else laterFrom = Math.min(laterFrom, closest);
    }
    const low = isLowStock(balance, reorderLevelOf(doc, warehouse));
    if (balance <= 0) pass.outOfStock++;
    if (soon) pass.expiring++;
    if (low) pass.lowStock++;
    if (!belongs(tab, doc, balance, useShowroom, soon, low)) continue;
    const rank = rankOf?.get(doc._id);
    if (rankOf && rank === undefined) continue;
    pass.order.push(pass.docs.length);
    pass.docs.push(doc);
    pass.balances.push(balance);
    pass.closest.push(closest ?? NaN);
    if (rank !== undefined) ranks.push(rank);
    pass.valueMinor += Math.round(priceMinor(doc) * balance);
  }
  sortPass(pass, ranks, q.sort);
  return { pass, soonUpTo, laterFrom };
}

/** Rank order for a search, then the column sort (stable: ties keep the order before), descending reversed. */
function sortPass(pass: StorePass, ranks: number[], sort: PassQuery['sort']): void {
  const { order, docs, balances, closest } = pass;
  if (ranks.length) order.sort((a, b) => ranks[a] - ranks[b]);
  const price = (i: number) => docs[i].price ?? 0;
  const keys: Record<string, (i: number) => number | string> = {
    price,
    balance: (i) => balances[i],
    stockValue: (i) => price(i) * balances[i],
    closestExpiry: (i) => (Number.isNaN(closest[i]) ? Infinity : closest[i]),
    description: (i) => (docs[i].description ?? '').toLowerCase(),
  };
  const key = sort?.key && Object.hasOwn(keys, sort.key) ? keys[sort.key] : undefined;
  if (key) {
    // Each key computed once (the description's lower case is a new string), not once per comparison.
    const values = order.map(key);
    const at = new Array<number>(docs.length);
    order.forEach((walkIndex, i) => (at[walkIndex] = i));
    order.sort((a, b) => {
      const x = values[at[a]];
      const y = values[at[b]];
      return x < y ? -1 : x > y ? 1 : at[a] - at[b];
    });
  }
  if (sort?.dir === 'desc') order.reverse();
}

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

/**
 * An item's price in minor units, as toMinor gives it. A price of whole minor units (nearly all) is exact from
 * one product; toMinor formats a string to round half away from zero (7–15 ms per 50,000 in Node), and
 * remembering its answer per document in a WeakMap cost more (20–78 ms for the 50,000 first sets, and a
 * weak table the collector walks). Checked equal to toMinor on 2.2 million prices, halves included.
 */
function priceMinor(doc: ItemDoc): number {
  const price = doc.price ?? 0;
  const scaled = price * 100;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : toMinor(price);
}
