/**
 * Price levels on the sale screens (issue 28): a line remembers its item's retail and level prices, so switching
 * the level or changing a quantity reprices it on the spot from commands/lib/price-levels.ts, without asking the
 * worker (the quick-sale keystroke stays as fast as before). The worker applies the same rule on save.
 *
 * F3 moves to the next level (Shift+F3 back), in the quick sale and the sale form alike.
 */
import { nextLevel, resolveLinePrice, type LineLevel, type PriceLevel } from '../../../commands/lib/price-levels';

/**
 * What a line needs to be repriced; `fixed` lines (a typed price, a scale label's price) keep theirs. `retail` is
 * the price of the unit the line is in; a line in a pack (unit_factor > 1) is priced by the pack's own level
 * prices when the pack has them (else it falls back to the pack's retail), and a quantity break counts the unit
 * sold (docs/architecture.md, 'Price levels').
 */
export type LevelLine = {
  id: string;
  price: number;
  quantity: number;
  retail?: number;
  levelPrices?: Record<string, number>;
  level?: LineLevel;
  fixed?: boolean;
  unit?: string;
  unit_factor?: number;
  /** The quick sale's name for unit_factor. */
  factor?: number;
  unitsOf?: { units?: { name: string }[] };
};

const factorOf = (line: LevelLine): number => {
  const f = line.unit_factor ?? line.factor ?? 1;
  return f > 1 ? f : 1;
};

function levelPricesOf(line: LevelLine): Record<string, number> | undefined {
  if (factorOf(line) === 1) return line.levelPrices;
  const pack = line.unitsOf?.units?.find((u) => u.name === line.unit) as { levelPrices?: Record<string, number> } | undefined;
  return pack?.levelPrices;
}

export function priceLine<L extends LevelLine>(line: L, levels: readonly PriceLevel[], chosen: string): L {
  if (!line.id || line.fixed || line.retail === undefined) return line;
  const { price, level } = resolveLinePrice({ price: line.retail, levelPrices: levelPricesOf(line) }, levels, chosen || undefined, Number(line.quantity) || 0);
  if (price === line.price && JSON.stringify(level) === JSON.stringify(line.level)) return line;
  return { ...line, price, level };
}

export const priceLines = <L extends LevelLine>(lines: readonly L[], levels: readonly PriceLevel[], chosen: string): L[] => lines.map((l) => priceLine(l, levels, chosen));

export const LEVEL_KEY: [keys: string, action: string] = ['F3', 'Next price level (Shift+F3: previous)'];

/** The level F3 / Shift+F3 moves to, or undefined for any other key (or when there are no levels). */
export function levelKey(e: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }, levels: readonly PriceLevel[], current: string): string | undefined {
  if (e.key !== 'F3' || e.ctrlKey || e.altKey || e.metaKey || !levels.length) return undefined;
  return nextLevel(levels, current, e.shiftKey ? -1 : 1);
}
