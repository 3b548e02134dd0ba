/**
 * The sales side of the day at a glance, from the in-memory sales index (worker/sales/lists.ts): one pass that
 * compares each sale's date with the chart's start and does the arithmetic only for the last 30 days' sales.
 * Sums run in minor units (integers), turned back into major units once.
 */
import { baseQuantity } from '../../commands/lib/units';
import dayjs from 'dayjs';
import { GLANCE_DAYS, GLANCE_TOP, type DayGlance } from '../../commands/cashbook';
import type { SaleDoc } from '../../commands/docs';
import { toMinor } from '../../commands/lib/money';
import { describeLine } from '../../commands/purchases';
import { lineProfits, lineTotal } from '../../commands/lib/sale-math';

/** Midnight of each chart day, oldest first, plus the midnight after today (DST-safe through dayjs). */
export function dayStarts(now: number): number[] {
  const today = dayjs(now).startOf('day');
  return Array.from({ length: GLANCE_DAYS + 1 }, (_, i) => today.subtract(GLANCE_DAYS - 1 - i, 'day').valueOf());
}

/** Index of the chart day holding `date` (starts[i] <= date < starts[i + 1]), or -1 outside the chart. */
function dayOf(starts: readonly number[], date: number): number {
  if (date < starts[0] || date >= starts[starts.length - 1]) return -1;
  let lo = 0;
  let hi = starts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid] <= date) lo = mid;
    else hi = mid;
  }
  return lo;
}

type SalesFigures = Pick<DayGlance, 'sales' | 'top' | 'chart'> & { profit: number };

export function salesFigures(sales: Iterable<SaleDoc>, now: number): SalesFigures {
  const starts = dayStarts(now);
  const today = GLANCE_DAYS - 1;
  const perDay = new Array<number>(GLANCE_DAYS).fill(0);
  let count = 0;
  let profit = 0;
  const items = new Map<string, { id: string; name: string; quantity: number; total: number }>();
  for (const sale of sales) {
    const day = dayOf(starts, sale.date ?? 0);
    if (day < 0) continue;
    perDay[day] += toMinor(sale.total_due);
    if (day !== today) continue;
    count++;
    // As the sales list's profit column: net of line and sale discounts, less cost × quantity.
    for (const p of lineProfits(sale.items, sale.discount?.amount ?? 0)) profit += toMinor(p);
    for (const line of sale.items) {
      const total = toMinor(lineTotal(line));
      const seen = items.get(line.id) ?? { id: line.id, name: describeLine(line.name, line.variation), quantity: 0, total: 0 };
      // In base units (issue 28): a carton line of 1 and a piece line of 5 are 29 pieces of the item.
      seen.quantity += baseQuantity(line);
      seen.total += total;
      items.set(line.id, seen);
    }
  }
  const top = [...items.values()]
    .sort((a, b) => b.total - a.total || b.quantity - a.quantity || a.name.localeCompare(b.name))
    .slice(0, GLANCE_TOP)
    .map((t) => ({ ...t, quantity: Math.round(t.quantity * 1000) / 1000, total: t.total / 100 }));
  return {
    sales: { count, total: perDay[today] / 100 },
    top,
    chart: perDay.map((minor, i) => ({ day: starts[i], total: minor / 100 })),
    profit: profit / 100,
  };
}
