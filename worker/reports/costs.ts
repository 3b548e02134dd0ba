/**
 * What one base unit of each item costs now, by the rule a sale uses for its cost (worker/purchases/last-cost.ts,
 * issue 28: the item's latest purchase line's price ÷ its unit factor, else the item's purchase price), for the
 * stock valuation, the money tied up in slow movers and returned goods.
 *
 * A valuation asks it for every item, so the price read from each latest purchase line is kept against the
 * ledger's entry for that line (a WeakMap on the Entry: an edited or deleted line is a new entry or none, so the
 * kept price can never outlive it). The first valuation reads each item's latest purchase line once, by key in
 * bounded batches; later ones read only lines that changed since.
 */
import { asKind, type ItemDoc } from '../../commands/docs';
import { baseCost } from '../../commands/lib/units';
import type { Ctx } from '../context';
import { Book, kindCode } from '../ledger/postings';
import type { Entry } from '../ledger/state';

const PURCHASE_LINE = kindCode('purchase_item');
/** Keys per allDocs: within the server's and the adapter's comfortable sizes. */
const BATCH = 5000;
const kept = new WeakMap<Entry, number>();

export async function currentCosts(ctx: Ctx, items: readonly Pick<ItemDoc, '_id' | 'purchasePrice'>[]): Promise<Map<string, number>> {
  const costs = new Map(items.map((i) => [i._id, Number(i.purchasePrice) || 0]));
  if (!items.length) return costs;
  await ctx.ledger.entriesReady();
  const state = ctx.ledger.state();
  const missing = new Map<string, Entry>();
  for (const item of items) {
    const entries = state.account(Book.Stock, item._id)?.ordered() ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (e.kind !== PURCHASE_LINE) continue;
      const hit = kept.get(e);
      if (hit !== undefined) costs.set(item._id, hit);
      else missing.set(e.doc, e);
      break;
    }
  }
  const ids = [...missing.keys()];
  for (let from = 0; from < ids.length; from += BATCH) {
    const res = await ctx.db.main.allDocs({ keys: ids.slice(from, from + BATCH), include_docs: true });
    for (const row of res.rows) {
      const line = 'doc' in row ? asKind(row.doc, 'purchase_item') : undefined;
      if (!line || typeof line.price !== 'number') continue;
      const cost = baseCost(line.price, Number(line.unit_factor) || 1);
      kept.set(missing.get(row.key)!, cost);
      costs.set(line.id, cost);
    }
  }
  return costs;
}
