/**
 * Price levels on documents (commands/lib/price-levels.ts; the `priceLevels` setting itself is checked by
 * ./settings.ts): an item's `levelPrices` is a map of level id to an amount of 0 or more, at most
 * MAX_PRICE_LEVELS entries; a customer's `defaultLevel` is a level id; a sale and each of its lines record
 * the level that priced them as { id, name, fallback?, auto? }.
 */
import { LEVEL_MESSAGES, levelIdOk, MAX_LEVEL_NAME, MAX_PRICE_LEVELS } from '../lib/price-levels';
import { isAmount, isObject, kindOf, type Rule } from './types';

const SALE_LEVEL = 'A sale records its price level as { id, name }.';
const LINE_LEVEL = 'A sale line records its price level as { id, name, fallback?, auto? }.';

function lineLevelOk(lv: unknown): boolean {
  if (lv === undefined) return true;
  if (!isObject(lv) || !levelIdOk(lv.id)) return false;
  if (typeof lv.name !== 'string' || lv.name === '' || lv.name.length > MAX_LEVEL_NAME) return false;
  return (lv.fallback === undefined || lv.fallback === true) && (lv.auto === undefined || lv.auto === true);
}

/** Why a map of level prices cannot be stored, or undefined (the item's own, and each pack unit's). */
export function levelPricesProblem(map: unknown, message: string = LEVEL_MESSAGES.levelPrices): string | undefined {
  if (!isObject(map)) return message;
  const entries = Object.entries(map);
  for (const [id, price] of entries) if (!levelIdOk(id) || !isAmount(price) || price < 0) return message;
  if (entries.length > MAX_PRICE_LEVELS) return LEVEL_MESSAGES.tooMany;
  return undefined;
}

export const priceLevelRule: Rule = (w) => {
  const { doc } = w;
  if (doc._deleted === true) return undefined;
  const kind = kindOf(w);
  if (kind === 'item' && doc.levelPrices !== undefined) return levelPricesProblem(doc.levelPrices);
  if (kind === 'customer' && doc.defaultLevel !== undefined && !levelIdOk(doc.defaultLevel)) return LEVEL_MESSAGES.id;
  if (kind === 'sale') {
    if (doc.level !== undefined && !lineLevelOk(doc.level)) return SALE_LEVEL;
    if (Array.isArray(doc.items) && (doc.items as unknown[]).some((l) => isObject(l) && !lineLevelOk(l.level))) return LINE_LEVEL;
  }
  if (kind === 'sale_item' && !lineLevelOk(doc.level)) return LINE_LEVEL;
  return undefined;
};
