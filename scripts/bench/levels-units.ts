/**
 * The bench's price levels and units of measure (issue 28), for `--levels-units`: the same items as the plain
 * set, with two levels in settings, level prices on 3 items in 10 and a carton of 24 with its own barcode (and
 * its own Wholesale price) on 2 in 10. The plain set stays as it was, so its kept profiles remain the baseline.
 */
import type { PriceLevel } from '../../commands/lib/price-levels';
import type { PackUnit } from '../../commands/lib/unit-types';

export const PRICE_LEVELS: PriceLevel[] = [
  { id: 'wholesale', name: 'Wholesale', minQuantity: 12 },
  { id: 'distributor', name: 'Distributor' },
];

/** Items 0, 1, 2 of every 10 carry level prices; items 2 and 7 of every 10 a carton (item 2: both). */
export const hasLevels = (i: number) => i % 10 < 3;
export const hasCarton = (i: number) => i % 5 === 2;

/** The fields an item gets on top of its plain ones (none for the other half of the items). */
export function levelsUnitsFields(i: number, price: number): { unit?: string; units?: PackUnit[]; levelPrices?: Record<string, number> } {
  const out: { unit?: string; units?: PackUnit[]; levelPrices?: Record<string, number> } = {};
  if (hasLevels(i)) out.levelPrices = { wholesale: Math.round(price * 0.9), distributor: Math.round(price * 0.85) };
  if (hasCarton(i)) {
    out.unit = 'piece';
    out.units = [{ name: 'carton', factor: 24, price: price * 22, barcode: `CTN${i}`, levelPrices: { wholesale: price * 20 } }];
  }
  return out;
}
