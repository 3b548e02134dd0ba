/**
 * The cost of one base unit of each item for a sale's profit (issue 28): the price of the item's latest
 * purchase line (by purchase date, then id) ÷ that line's unit factor, rounded to the kobo as
 * commands/lib/units.ts says (baseCost); an item never bought keeps its own purchasePrice. So ten cartons of 24
 * bought at ₦4,200 make a piece cost ₦175 whatever purchase price the item was created with.
 *
 * Read from the in-memory index of purchases the Bought and transport lists use (no scan of the database per
 * sale); the map is rebuilt only when a purchase was added, changed or deleted since the last sale.
 */
import type { ItemDoc } from '../../commands/docs';
import { baseCost } from '../../commands/lib/units';
import type { Ctx } from '../context';
import { purchasesIndex } from '../sales/lists';

type Latest = { date: number; id: string; cost: number };

const cache = new WeakMap<object, { version: number; costs: Map<string, Latest> }>();

async function latestCosts(ctx: Ctx): Promise<Map<string, Latest>> {
  const index = purchasesIndex(ctx);
  const entries = await index.entries();
  const held = cache.get(index);
  if (held && held.version === index.version()) return held.costs;
  const costs = new Map<string, Latest>();
  for (const p of entries.values()) {
    const date = Number(p.date) || 0;
    for (const line of p.items ?? []) {
      if (!line?.id || typeof line.price !== 'number') continue;
      const was = costs.get(line.id);
      if (was && (was.date > date || (was.date === date && was.id > p._id))) continue;
      costs.set(line.id, { date, id: p._id, cost: baseCost(line.price, Number(line.unit_factor) || 1) });
    }
  }
  cache.set(index, { version: index.version(), costs });
  return costs;
}

/** The base-unit cost of each of `items` at this moment. */
export async function baseCosts(ctx: Ctx, items: readonly Pick<ItemDoc, '_id' | 'purchasePrice'>[]): Promise<Map<string, number>> {
  const latest = await latestCosts(ctx);
  return new Map(items.map((i) => [i._id, latest.get(i._id)?.cost ?? (Number(i.purchasePrice) || 0)]));
}
