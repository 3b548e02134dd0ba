/**
 * Price levels (issue 28): named prices beside retail that the owner defines in settings (Wholesale,
 * Distributor, …). An item may carry a price per level per base unit (`item.levelPrices[levelId]`); a level may
 * have a minimum quantity from which it applies by itself (a quantity break: 12 or more at the wholesale price).
 *
 * One pure rule (resolveLinePrice) prices a line from the level in use, the item and the quantity. The sale
 * form and the quick sale use it to show the price as the cashier types; the worker uses it again on save and
 * records on each line which level set its price, so a receipt reprinted later says what was charged and why.
 *
 * The rule:
 * - The level in use (switched by the cashier, or the customer's default level) prices the line when the item
 *   has a price for it. When it has none, the line falls back to retail and says so (`fallback`).
 * - Every level with a minimum quantity the line reaches, and a price for the item, is a quantity break. The
 *   cheapest reached break applies by itself (`auto`) when the line has no level price of its own, or when it is
 *   cheaper than the level in use: a break never raises what the cashier chose.
 * - No level and no break: retail, no level recorded.
 *
 * Pack units (units of measure, done separately): a pack unit carries its own `levelPrices` per level; where a
 * pack has none for a level, that level does not price the pack (it falls back to the pack's retail price), so
 * a carton is never priced by multiplying a piece price the owner did not set for cartons. The break's minimum
 * quantity counts the unit sold (issue 39): Wholesale from 12 is 12 pieces on a piece line and 12 cartons on a
 * carton line, at the carton's own level price, so one carton sells at the carton's retail price
 * (docs/architecture.md, 'Price levels'). The item dialog says so beside each level price.
 */
import { MAX_QUANTITY } from './bounds';
import type { LineLevel, PriceLevel } from './price-level-types';

export type { LineLevel, PriceLevel } from './price-level-types';

/** The item fields pricing reads (ItemDoc, ItemHit and a basket line all have them). */
export type LevelPriced = { price: number; levelPrices?: Record<string, number> };

/** At most this many levels: a shop has a handful; a settings document and every item stay small. */
export const MAX_PRICE_LEVELS = 10;
/** A level's name (shown on every receipt line and as a CSV column). */
export const MAX_LEVEL_NAME = 40;
/** A level's id: lower-case letters, digits and '-', made from its first name (levelIdFor). */
export const MAX_LEVEL_ID = 40;

export const LEVEL_MESSAGES = {
  notList: 'Price levels must be a list of levels',
  tooMany: `At most ${MAX_PRICE_LEVELS} price levels`,
  shape: 'Each price level has an id, a name and optionally a minimum quantity',
  id: `A price level id is 1 to ${MAX_LEVEL_ID} lower-case letters, digits or dashes`,
  name: `A price level needs a name of at most ${MAX_LEVEL_NAME} characters`,
  minQuantity: 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty',
  duplicateId: 'Two price levels have the same id',
  duplicateName: (name: string) => `Price levels: "${name}" is listed twice`,
  unknown: (id: string) => `There is no price level "${id}"`,
  levelPrices: 'Level prices are a map of price level to an amount of 0 or more',
} as const;

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-';

export function levelIdOk(id: unknown): id is string {
  if (typeof id !== 'string' || id.length < 1 || id.length > MAX_LEVEL_ID) return false;
  for (const c of id) if (!ID_CHARS.includes(c)) return false;
  return true;
}

/** Why a priceLevels setting cannot be stored, or undefined. The server's gate runs this very check (commands/rules/settings.ts). */
export function priceLevelsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return LEVEL_MESSAGES.notList;
  if (value.length > MAX_PRICE_LEVELS) return LEVEL_MESSAGES.tooMany;
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const level of value as unknown[]) {
    if (!level || typeof level !== 'object' || Array.isArray(level)) return LEVEL_MESSAGES.shape;
    const l = level as Record<string, unknown>;
    if (Object.keys(l).some((k) => k !== 'id' && k !== 'name' && k !== 'minQuantity')) return LEVEL_MESSAGES.shape;
    if (!levelIdOk(l.id)) return LEVEL_MESSAGES.id;
    if (typeof l.name !== 'string' || l.name.trim() === '' || l.name.length > MAX_LEVEL_NAME || l.name !== l.name.trim()) return LEVEL_MESSAGES.name;
    if (l.minQuantity !== undefined && !(typeof l.minQuantity === 'number' && Number.isInteger(l.minQuantity) && l.minQuantity >= 1 && l.minQuantity <= MAX_QUANTITY)) {
      return LEVEL_MESSAGES.minQuantity;
    }
    if (ids.has(l.id)) return LEVEL_MESSAGES.duplicateId;
    const key = l.name.toLowerCase();
    if (names.has(key)) return LEVEL_MESSAGES.duplicateName(l.name);
    ids.add(l.id);
    names.add(key);
  }
  return undefined;
}

/** An id for a new level from its name, unique among `taken` ('Wholesale' → 'wholesale', then 'wholesale-2'). */
export function levelIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_LEVEL_ID - 4) || 'level';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** The item's price at a level, or undefined when it has none. */
export function levelPriceOf(item: LevelPriced, levelId: string): number | undefined {
  const p = item.levelPrices?.[levelId];
  return typeof p === 'number' && Number.isFinite(p) ? p : undefined;
}

/**
 * The price a line is charged and the level that set it (see the rule above). `quantity` is the line's, in the
 * unit it is sold in (cartons on a carton line), never its base units: a break's minimum counts that unit.
 */
export function resolveLinePrice(item: LevelPriced, levels: readonly PriceLevel[], chosen: string | undefined, quantity: number): { price: number; level?: LineLevel } {
  const inUse = chosen ? levels.find((l) => l.id === chosen) : undefined;
  const own = inUse ? levelPriceOf(item, inUse.id) : undefined;
  let best: { price: number; level: PriceLevel } | undefined;
  for (const l of levels) {
    if (!l.minQuantity || !(quantity >= l.minQuantity) || l === inUse) continue;
    const p = levelPriceOf(item, l.id);
    if (p !== undefined && (!best || p < best.price)) best = { price: p, level: l };
  }
  if (inUse && own !== undefined && (!best || own <= best.price)) return { price: own, level: { id: inUse.id, name: inUse.name } };
  if (best) return { price: best.price, level: { id: best.level.id, name: best.level.name, auto: true } };
  if (inUse) return { price: item.price ?? 0, level: { id: inUse.id, name: inUse.name, fallback: true } };
  return { price: item.price ?? 0 };
}

/** The item dialog's hint beside a level price: what the level's minimum counts (the unit the price is for). */
export function levelMinimumHint(level: PriceLevel, unit: string): string {
  return level.minQuantity ? `Applies by itself from ${level.minQuantity} on one line, counted in ${unit}` : '';
}

/** What a line shows and prints about its level: 'Wholesale', 'Wholesale (quantity)', 'Retail (no Wholesale price)'. */
export function lineLevelLabel(level: LineLevel | undefined): string {
  if (!level) return '';
  if (level.fallback) return `Retail (no ${level.name} price)`;
  return level.auto ? `${level.name} (quantity)` : level.name;
}

/** The level after `current` in the switch's order (Retail first), backwards with by = -1. */
export function nextLevel(levels: readonly PriceLevel[], current: string, by: 1 | -1 = 1): string {
  const order = ['', ...levels.map((l) => l.id)];
  const at = Math.max(0, order.indexOf(current));
  return order[(at + by + order.length) % order.length];
}

/** A level's name, 'Retail' for none (or one deleted since). */
export function levelName(levels: readonly PriceLevel[], id: string | undefined): string {
  return (id && levels.find((l) => l.id === id)?.name) || 'Retail';
}

/**
 * What a printed line says about its level beside the sale's own 'Price level: …' line: nothing when the sale's
 * level priced it as chosen; the label when a quantity break, a fallback to retail or another level priced it.
 */
export function lineLevelNote(level: LineLevel | undefined, saleLevel: { id: string } | undefined): string {
  if (!level) return '';
  if (!level.fallback && !level.auto && level.id === saleLevel?.id) return '';
  return lineLevelLabel(level);
}

/** The sale's 'Price level: Wholesale' line, or '' for a retail sale. */
export function saleLevelText(saleLevel: { name: string } | undefined): string {
  return saleLevel ? `Price level: ${saleLevel.name}` : '';
}
