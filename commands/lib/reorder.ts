/**
 * Reorder levels (issue 19 item 3): which level applies and when an item is low in stock. The store's Low
 * stock tab, the reorder list and the day at a glance all ask these two functions, so they never disagree.
 */
import type { ItemDoc } from '../docs';

/**
 * The level that applies: the item's own level for its stock over all warehouses, or the warehouse's level for
 * that warehouse's stock (no fallback: a shop with three warehouses sets each one's level on its own).
 */
export function reorderLevelOf(doc: Pick<ItemDoc, 'reorderLevel' | 'reorderLevels'>, warehouse?: string): number | undefined {
  return warehouse ? doc.reorderLevels?.[warehouse] : doc.reorderLevel;
}

/** Low stock: at or below the level and above zero (zero and below is 'Out of stock'). */
export function isLowStock(balance: number, level: number | undefined): boolean {
  return level !== undefined && balance > 0 && balance <= level;
}

/** On the reorder list: at or below the level, out of stock included (an item that ran out is reordered too). */
export function needsReorder(balance: number, level: number | undefined): boolean {
  return level !== undefined && level > 0 && balance <= level;
}

/** What the reorder list suggests buying: enough to bring the stock back to twice the level (at least 1). */
export function reorderQuantity(balance: number, level: number): number {
  return Math.max(1, Math.ceil(2 * level - Math.max(0, balance)));
}

/** A level as typed: '' or null clears it (undefined); otherwise a number, NaN when it is not one. */
export function parseLevel(input: unknown): number | undefined {
  if (input === null || input === undefined) return undefined;
  const text = String(input).replace(/,/g, '').trim();
  if (text === '') return undefined;
  const n = typeof input === 'number' ? input : Number(text);
  return Number.isFinite(n) ? n : NaN;
}

export const REORDER_LEVEL_MESSAGE = 'The reorder level must be a number of 0 or more.';
