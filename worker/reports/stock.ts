/**
 * Stock reports from the ledger's stock accounts and the item index: no movement document is read.
 *
 * Valuation: stock on hand per warehouse and category, at cost (purchase price) and at selling price, now or at
 * the end of a chosen day. Now reads each account's per-warehouse sums; a past day walks each account's entries
 * up to that day (the ledger keeps them dated). Prices are today's: the ledger records quantities, not prices.
 * At cost is the item's purchase price, at selling price its price: the Store list's figures (its stock value is
 * price × balance), for every item in one pass over the item index, nothing read. A sale's cost follows the
 * item's latest purchase (issue 28), so the two differ while an item's purchase price is not what it was last
 * bought at; reading every item's latest purchase line instead cost ~10 s for 50,000 items under load.
 *
 * Slow movers: items with stock and no sale in the last N days (or never), with the money tied up in them,
 * the last sale of each item coming from the sale facts of every time.
 */
import dayjs from 'dayjs';
import { asKind, MAIN_STORE, type ItemDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { toMinor } from '../../commands/lib/money';
import type { ReportRow } from '../../commands/reports';
import { MAIN_STORE_NAME } from '../../commands/warehouses';
import type { Ctx } from '../context';
import { itemIndex } from '../items/search/item-index';
import { Book, QTY_SCALE } from '../ledger/postings';
import { firstEntryFrom, type Account } from '../ledger/state';
import { saleFacts } from './facts';
import { major, qty } from './figures';
import { UNCATEGORISED } from './sales';

/** Warehouse names by id: Main store and every warehouse document (a handful: read by their id range). */
export async function warehouseNames(ctx: Ctx): Promise<Map<string, string>> {
  const res = await ctx.db.main.allDocs({ startkey: ID_PREFIX.warehouse, endkey: ID_PREFIX.warehouse + '\uffff', include_docs: true });
  const names = new Map([[MAIN_STORE, MAIN_STORE_NAME]]);
  for (const row of res.rows) {
    const w = asKind(row.doc, 'warehouse');
    if (w) names.set(w._id, w.location);
  }
  return names;
}

/** Thousandths of a unit per warehouse at the end of `end` (entries dated after it left out). */
function stockAt(account: Account, end: number | undefined): Map<string, number> {
  if (end === undefined) return account.warehouses ?? new Map();
  const entries = account.ordered();
  const upto = firstEntryFrom(entries, end + 1);
  if (upto === entries.length) return account.warehouses ?? new Map();
  // The shorter walk: the entries up to the day, or the balance now less the entries after it.
  const fromStart = upto <= entries.length - upto;
  const out = new Map<string, number>(fromStart ? [] : (account.warehouses ?? []));
  const [from, to, sign] = fromStart ? [0, upto, 1] : [upto, entries.length, -1];
  for (let i = from; i < to; i++) {
    const e = entries[i];
    out.set(e.warehouse, (out.get(e.warehouse) ?? 0) + sign * e.delta);
  }
  return out;
}

/** An item's category and prices in minor units, kept per item document (a changed item is a new object). */
const priced = new WeakMap<ItemDoc, { category: string; cost: number; price: number }>();
function pricesOf(item: ItemDoc) {
  let p = priced.get(item);
  if (!p) priced.set(item, (p = { category: item.group?.name || UNCATEGORISED, cost: toMinor(Number(item.purchasePrice) || 0), price: toMinor(Number(item.price) || 0) }));
  return p;
}

export async function stockValuation(ctx: Ctx, opts: { at?: number; warehouse?: string; now: number }, profit: boolean): Promise<ReportRow[]> {
  const index = itemIndex(ctx.db);
  const [names] = await Promise.all([warehouseNames(ctx), index.ready(), ctx.ledger.ready()]);
  // A day before today needs the dated entries; today's end is the balance now (later-dated entries aside).
  const end = opts.at !== undefined ? dayjs(opts.at).endOf('day').valueOf() : undefined;
  const past = end !== undefined && end < dayjs(opts.now).endOf('day').valueOf();
  if (past) await ctx.ledger.entriesReady();
  const state = ctx.ledger.state();
  // Per warehouse, then per category: no key built per item (50,000 items at M).
  type Group = { row: ReportRow; count: number; q: number; cost: number; price: number };
  const groups = new Map<string, Map<string, Group>>();
  for (const item of index.inNameOrder()) {
    const account = state.account(Book.Stock, item._id);
    if (!account) continue;
    const { category, cost, price } = pricesOf(item);
    for (const [warehouse, thousandths] of stockAt(account, past ? end : undefined)) {
      if (!thousandths || (opts.warehouse && warehouse !== opts.warehouse)) continue;
      let byCategory = groups.get(warehouse);
      if (!byCategory) groups.set(warehouse, (byCategory = new Map()));
      let g = byCategory.get(category);
      if (!g) byCategory.set(category, (g = { row: { _id: `${warehouse}|${category}`, label: category, group: names.get(warehouse) ?? warehouse }, count: 0, q: 0, cost: 0, price: 0 }));
      g.count++;
      g.q += thousandths;
      g.cost += Math.round((cost * thousandths) / QTY_SCALE);
      g.price += Math.round((price * thousandths) / QTY_SCALE);
    }
  }
  return [...groups.values()]
    .flatMap((m) => [...m.values()])
    .map((g) => ({ ...g.row, count: g.count, stock: qty(g.q / QTY_SCALE), ...(profit ? { at_cost: major(g.cost) } : {}), at_price: major(g.price) }))
    .sort((a, b) => (a.group ?? '').localeCompare(b.group ?? '') || a.label.localeCompare(b.label));
}

/** The last sale of each item (every sale of all time): cached on the sale index's version. */
const lastSales = new WeakMap<object, { version: number; last: Map<string, number> }>();

async function lastSaleByItem(ctx: Ctx): Promise<Map<string, number>> {
  const facts = await saleFacts(ctx);
  const hit = lastSales.get(facts);
  if (hit && hit.version === facts.version()) return hit.last;
  const last = new Map<string, number>();
  for (const f of facts.facts.values()) for (const l of f.lines) if ((last.get(l.id) ?? -Infinity) < f.date) last.set(l.id, f.date);
  lastSales.set(facts, { version: facts.version(), last });
  return last;
}

const DAY = 86_400_000;

export async function slowMovers(ctx: Ctx, days: number, now: number, profit: boolean): Promise<ReportRow[]> {
  const index = itemIndex(ctx.db);
  const [last] = await Promise.all([lastSaleByItem(ctx), index.ready(), ctx.ledger.ready()]);
  const since = dayjs(now).startOf('day').subtract(days, 'day').valueOf();
  const today = dayjs(now).startOf('day').valueOf();
  const rows: ReportRow[] = [];
  for (const item of index.inNameOrder()) {
    const stock = ctx.ledger.stock(item._id);
    if (stock <= 0) continue;
    const sold = last.get(item._id);
    if (sold !== undefined && sold >= since) continue;
    rows.push({
      _id: item._id,
      label: item.name,
      group: pricesOf(item).category,
      ...(sold !== undefined ? { date: sold, days: Math.round((today - dayjs(sold).startOf('day').valueOf()) / DAY) } : {}),
      stock,
      ...(profit ? { at_cost: major(Math.round(pricesOf(item).cost * stock)) } : {}),
      at_price: major(Math.round(pricesOf(item).price * stock)),
      link: `/store/${item._id}`,
    });
  }
  return rows;
}
