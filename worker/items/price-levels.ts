/**
 * An item's level prices (issue 28) as the item dialog and the CSV import give them: parsed to amounts, checked
 * against the price levels of the settings (an unknown level is refused: a price nobody can sell at is a typo
 * or a level deleted meanwhile) and within the bound of every amount.
 */
import type { ConfigValues } from '../../commands/config';
import { boundProblem } from '../../commands/lib/bounds';
import { parseMoney, readAsZero } from '../../commands/lib/money';
import { LEVEL_MESSAGES, type PriceLevel } from '../../commands/lib/price-levels';

type Given = Record<string, number | string | null> | undefined | null;

const empty = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** Why the given level prices cannot be stored, or undefined. */
export function levelPricesProblem(given: Given, levels: readonly PriceLevel[]): string | undefined {
  if (given === undefined) return undefined;
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return LEVEL_MESSAGES.levelPrices;
  for (const [id, value] of Object.entries(given)) {
    const level = levels.find((l) => l.id === id);
    if (!level) return LEVEL_MESSAGES.unknown(id);
    if (empty(value)) continue;
    const n = typeof value === 'number' ? value : parseMoney(value);
    if (!Number.isFinite(n) || n < 0 || (typeof value === 'string' && readAsZero(value))) return `${level.name} price must be an amount of 0 or more`;
    const tooLarge = boundProblem('amount', n, `${level.name} price`);
    if (tooLarge) return tooLarge;
  }
  return undefined;
}

/** The stored map (empty entries dropped), or undefined when no level has a price. */
export function parseLevelPrices(given: Given): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const [id, value] of Object.entries(given ?? {})) {
    if (!empty(value)) out[id] = typeof value === 'number' ? value : parseMoney(value);
  }
  return Object.keys(out).length ? out : undefined;
}

export const levelsOf = (cfg: Pick<ConfigValues, 'priceLevels'>): PriceLevel[] => cfg.priceLevels ?? [];
