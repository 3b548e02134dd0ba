/**
 * The cost of one base unit of each sold item, for a sale's profit (issue 28): the price of the item's latest
 * purchase line (by purchase date, then id) ÷ that line's unit factor, rounded to the kobo as
 * commands/lib/units.ts says (baseCost); an item never bought keeps its own purchasePrice. So ten cartons of 24
 * bought at ₦4,200 make a piece cost ₦175 whatever purchase price the item was created with.
 *
 * Found through the ledger's entries of the item's stock account, which are in memory and ordered by date: the
 * last purchase_item entry names the line, and only those lines are read (one allDocs by key per sale). No scan
 * of the purchases: a shop's whole purchase history is hundreds of thousands of documents. After a cold start
 * the entries are restored in the background; a sale then waits for them once (entriesReady).
 */
import { asKind, type ItemDoc } from '../../commands/docs';
import { baseCost } from '../../commands/lib/units';
import type { Ctx } from '../context';
import { Book, kindCode } from '../ledger/postings';

const PURCHASE_LINE = kindCode('purchase_item');

/** The base-unit cost of each of `items` at this moment. */
export async function baseCosts(ctx: Ctx, items: readonly Pick<ItemDoc, '_id' | 'purchasePrice'>[]): Promise<Map<string, number>> {
  const costs = new Map(items.map((i) => [i._id, Number(i.purchasePrice) || 0]));
  if (!items.length) return costs;
  await ctx.ledger.entriesReady();
  const state = ctx.ledger.state();
  const lines = new Map<string, string>();
  for (const item of items) {
    const entries = state.account(Book.Stock, item._id)?.ordered() ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].kind === PURCHASE_LINE) {
        lines.set(entries[i].doc, item._id);
        break;
      }
    }
  }
  if (!lines.size) return costs;
  const res = await ctx.db.main.allDocs({ keys: [...lines.keys()], include_docs: true });
  for (const row of res.rows) {
    const line = 'doc' in row ? asKind(row.doc, 'purchase_item') : undefined;
    if (line && typeof line.price === 'number') costs.set(line.id, baseCost(line.price, Number(line.unit_factor) || 1));
  }
  return costs;
}
