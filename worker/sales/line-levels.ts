/**
 * Price levels on a sale (issue 28): which level each line was priced at. The form (and the quick sale) prices
 * lines as the cashier types with the same rule (commands/lib/price-levels.ts: the level in use, fallback to
 * retail, quantity breaks); here the worker applies it again on save from the stored items, fills the price of
 * a line sent without one, and records on each line the level that priced it. A price the cashier typed over
 * the level's is kept (the sale form lets a price be edited): the line still says which level was in use.
 *
 * A line in a pack unit (a carton) is priced from that pack: its own level prices when the pack has them,
 * else the pack's retail price (docs/architecture.md, 'Price levels'); a quantity break counts the unit sold.
 */
import type { ItemDoc, LineItem, SaleDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { LEVEL_MESSAGES, resolveLinePrice, type LevelPriced, type PriceLevel } from '../../commands/lib/price-levels';

export type LevelLine = { id: string; quantity: number; price?: number; unit?: string; unit_factor?: number };

export type LevelPricing = {
  /** The sale's level in use (absent: retail). */
  level?: SaleDoc['level'];
  /** Per line: its price (the one given, else the level's) and the level that set it. */
  lines: { price: number; level?: LineItem['level'] }[];
};

/** What prices a line: the item for its base unit, the pack (with the pack's level prices, if any) for a pack. */
function pricedBy(item: ItemDoc, line: LevelLine): LevelPriced {
  if (!(line.unit_factor && line.unit_factor > 1)) return item;
  const wanted = (line.unit ?? '').toLowerCase();
  // A pack's own level prices (PackUnit.levelPrices, entered beside the pack in the item dialog).
  const pack = (item.units ?? []).find((u) => u.name.toLowerCase() === wanted);
  return { price: pack?.price ?? item.price, levelPrices: pack?.levelPrices };
}

/**
 * The levels a sale may use: the settings' own, plus, for an edited sale, the level it was made at when the owner
 * has deleted it since (the edit keeps it; its lines keep the prices they were sold at).
 */
export function levelsFor(levels: readonly PriceLevel[], recorded: SaleDoc['level'] | undefined): readonly PriceLevel[] {
  return recorded && !levels.some((l) => l.id === recorded.id) ? [...levels, { id: recorded.id, name: recorded.name }] : levels;
}

export function priceLevels(levels: readonly PriceLevel[], chosen: string | undefined, lines: readonly LevelLine[], items: ReadonlyMap<string, ItemDoc>): LevelPricing {
  const id = chosen?.trim() || undefined;
  const inUse = id ? levels.find((l) => l.id === id) : undefined;
  if (id && !inUse) throw new UserError('unknown-level', LEVEL_MESSAGES.unknown(id));
  return {
    level: inUse ? { id: inUse.id, name: inUse.name } : undefined,
    lines: lines.map((line) => {
      const item = items.get(line.id);
      // An item gone since (deleted on another till) has no level prices: the line keeps what was sent.
      const source = item ? pricedBy(item, line) : { price: line.price ?? 0 };
      const resolved = resolveLinePrice(source, levels, id, line.quantity);
      return { price: line.price ?? resolved.price, level: resolved.level };
    }),
  };
}
