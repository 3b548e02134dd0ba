/**
 * The variance of a stocktake, item by item (the rule is written out in commands/stocktake.ts): expected at the
 * item's last count, counted as the sum of every device's counts, difference and its value at cost. A posted
 * stocktake answers its posting's lines as they were posted.
 */
import type { ItemDoc, StocktakeCountDoc } from '../../commands/docs';
import { mulMoney, subMoney, sumMoney } from '../../commands/lib/money';
import type { StocktakeLine, StocktakeTotals } from '../../commands/stocktake';
import type { Loaded } from './store';

const QTY = 1000;
/** Quantities add in thousandths so 0.1 + 0.2 counts as 0.3. */
const sumQty = (values: number[]) => Math.round(values.reduce((s, v) => s + Math.round(v * QTY), 0)) / QTY;
const subQty = (a: number, b: number) => (Math.round(a * QTY) - Math.round(b * QTY)) / QTY;

/** The count that sets an item's expected: the latest by date (then by id, the same on every device). */
function lastOf(counts: StocktakeCountDoc[]): StocktakeCountDoc {
  return counts.reduce((a, b) => (b.date > a.date || (b.date === a.date && b._id > a._id) ? b : a));
}

export function varianceLines(loaded: Loaded, item: (id: string) => ItemDoc | undefined): StocktakeLine[] {
  if (loaded.post) {
    return loaded.post.lines.map((l) => ({
      _id: l.id,
      name: l.name,
      start: l.start,
      moved: subQty(l.expected, l.start),
      expected: l.expected,
      counted: l.counted,
      difference: l.difference,
      cost: l.cost,
      value: mulMoney(l.difference, l.cost),
      counts: 0,
      devices: 0,
    }));
  }
  const byItem = new Map<string, StocktakeCountDoc[]>();
  for (const c of loaded.counts) {
    const list = byItem.get(c.item.id);
    if (list) list.push(c);
    else byItem.set(c.item.id, [c]);
  }
  const ids = new Set([...Object.keys(loaded.stocktake.snapshot), ...byItem.keys()]);
  const lines: StocktakeLine[] = [];
  for (const id of ids) {
    const [start, snapCost] = loaded.stocktake.snapshot[id] ?? [0, undefined];
    const doc = item(id);
    const counts = byItem.get(id) ?? [];
    const cost = doc?.purchasePrice ?? snapCost ?? 0;
    const name = doc?.name ?? counts[0]?.item.name ?? id;
    if (!counts.length) {
      lines.push({ _id: id, name, start, moved: 0, cost, counts: 0, devices: 0 });
      continue;
    }
    const expected = lastOf(counts).expected_then;
    const counted = sumQty(counts.map((c) => c.quantity));
    const difference = subQty(counted, expected);
    lines.push({
      _id: id,
      name,
      start,
      moved: subQty(expected, start),
      expected,
      counted,
      difference,
      cost,
      value: mulMoney(difference, cost),
      counts: counts.length,
      devices: new Set(counts.map((c) => c.device)).size,
    });
  }
  return lines.sort((a, b) => a.name.localeCompare(b.name));
}

export function totalsOf(lines: readonly StocktakeLine[]): StocktakeTotals {
  let gain = 0;
  let loss = 0;
  let counted = 0;
  let differences = 0;
  for (const l of lines) {
    if (l.counted === undefined) continue;
    counted++;
    if (l.difference) differences++;
    const v = l.value ?? 0;
    if (v > 0) gain = sumMoney([gain, v]);
    else if (v < 0) loss = subMoney(loss, v);
  }
  return { items: lines.length, counted, differences, gain, loss, value: subMoney(gain, loss) };
}
