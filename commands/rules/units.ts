/**
 * Units of measure (commands/lib/units.ts, the worker's own check): an item's base unit and pack units, each
 * pack's own level prices, and the whole unit_factor (2 to MAX_UNIT_FACTOR) of every line that names a pack
 * (the ledger multiplies by it: a factor of 0 would make a carton weigh nothing).
 */
import { MAX_PRICE_LEVELS } from '../lib/price-levels';
import { MAX_UNIT_FACTOR, MAX_UNIT_NAME, UNIT_MESSAGES, unitsProblem } from '../lib/units';
import { isObject, kindOf, type Rule } from './types';
import { levelPricesProblem } from './price-levels';

/** A pack's price per level (commands/lib/unit-types.ts): like the item's own levelPrices. */
export const PACK_LEVELS_MESSAGE = `A pack unit's level prices are a map of price level to an amount of 0 or more, at most ${MAX_PRICE_LEVELS}.`;
/** The line factor's message (the worker never writes another factor: it takes it from the item). */
export const UNIT_FACTOR_MESSAGE = `A line's unit_factor is a whole number from 2 to ${MAX_UNIT_FACTOR}.`;

const HEADS = ['sale', 'purchase', 'issue'];
const LINES = ['sale_item', 'purchase_item', 'issue_item', 'good-returns', 'damaged-goods', 'warehouse-transfer'];
const factorOk = (v: unknown) => typeof v === 'number' && v % 1 === 0 && v >= 2 && v <= MAX_UNIT_FACTOR;
const nameOk = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_UNIT_NAME;

export const unitRule: Rule = (w) => {
  const { doc } = w;
  if (doc._deleted === true) return undefined;
  const kind = kindOf(w) ?? '';
  if (kind === 'item') {
    const problem = unitsProblem(doc.unit, doc.units);
    if (problem) return problem;
    for (const pack of Array.isArray(doc.units) ? (doc.units as unknown[]) : []) {
      if (isObject(pack) && pack.levelPrices !== undefined && levelPricesProblem(pack.levelPrices, PACK_LEVELS_MESSAGE)) return PACK_LEVELS_MESSAGE;
    }
  }
  const lines: unknown[] = HEADS.includes(kind) ? (Array.isArray(doc.items) ? doc.items : []) : LINES.includes(kind) ? [doc] : [];
  for (const line of lines) {
    if (!isObject(line)) continue;
    if (line.unit_factor !== undefined && !factorOk(line.unit_factor)) return UNIT_FACTOR_MESSAGE;
    if (line.unit !== undefined && !nameOk(line.unit)) return UNIT_MESSAGES.name;
  }
  return undefined;
};
