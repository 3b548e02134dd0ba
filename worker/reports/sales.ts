/**
 * The sales reports: by period (day, week, month) and by payment medium from the day totals (./facts.ts
 * DayBook: one step per day of the range); by item, category, staff member, hour of the day and customer from
 * the sale facts of the range. Customer returns lower the sales (and the cost) of their day, item, category and
 * customer; a return names no cashier or hour of a sale, so by staff and by hour count sales only.
 */
import dayjs from 'dayjs';
import { formatDate, type DateRange } from '../../commands/lib/dates';
import { toMinor } from '../../commands/lib/money';
import type { ReportPeriod, ReportRow } from '../../commands/reports';
import type { Ctx } from '../context';
import { itemIndex } from '../items/search/item-index';
import { currentCosts } from './costs';
import { addDay, addLine, addReturn, addSale, emptySums, major, salesFields, type Sums } from './figures';
import { returnFacts, saleFacts, type ReturnFact, type SaleFact } from './facts';
import { sumRows } from './summary';

export const UNCATEGORISED = 'Uncategorised';

export type Source = {
  /** Facts of sales dated within the range. */
  sales: SaleFact[];
  returns: ReturnFact[];
  /** A returned item's cost per base unit, minor units (its cost now: a return records no cost). */
  unitCost: (item: string) => number;
  /** An item's category name. */
  category: (item: string) => string;
};

/** The sale and return facts of a range, and the item lookups the reports need. */
export async function sourceOf(ctx: Ctx, range: DateRange): Promise<Source> {
  const index = itemIndex(ctx.db);
  const [{ facts }, returns] = await Promise.all([saleFacts(ctx), returnFacts(ctx).entries(), index.ready()]);
  const sales: SaleFact[] = [];
  for (const f of facts.values()) if (f.date >= range.from && f.date <= range.to) sales.push(f);
  const inRange: ReturnFact[] = [];
  for (const r of returns.values()) if (r.date >= range.from && r.date <= range.to) inRange.push(r);
  // A returned piece costs what a sold one would now: the latest purchase's cost per base unit (issue 28).
  const costs = await currentCosts(ctx, inRange.map((r) => index.get(r.item) ?? { _id: r.item, purchasePrice: 0 }));
  return {
    sales,
    returns: inRange,
    unitCost: (id) => toMinor(costs.get(id) ?? 0),
    category: (id) => index.get(id)?.group?.name || UNCATEGORISED,
  };
}

/** Groups sums by key, remembering each group's label and extra fields. */
class Groups {
  readonly map = new Map<string, { row: Partial<ReportRow> & { _id: string; label: string }; sums: Sums }>();
  get(key: string, make: () => Partial<ReportRow> & { label: string }): Sums {
    let g = this.map.get(key);
    if (!g) this.map.set(key, (g = { row: { _id: key, ...make() }, sums: emptySums() }));
    return g.sums;
  }
  rows(profit: boolean): ReportRow[] {
    return [...this.map.values()].map((g) => ({ ...g.row, ...salesFields(g.sums, profit) }));
  }
}

const periodLabel = (start: number, period: ReportPeriod) =>
  period === 'month' ? dayjs(start).format('MMMM YYYY') : period === 'week' ? `Week of ${formatDate(start)}` : formatDate(start);

/** One row per day, week or month of the range that had sales or returns, oldest first. */
export async function salesByPeriod(ctx: Ctx, range: DateRange, period: ReportPeriod, profit: boolean): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  const { book } = await saleFacts(ctx);
  const groups = new Groups();
  const start = (day: number) => dayjs(day).startOf(period).valueOf();
  const group = (day: number) => {
    const s = start(day);
    return groups.get(String(s), () => ({ label: periodLabel(s, period), date: s }));
  };
  for (const [day, totals] of book.between(range.from, range.to)) addDay(group(day), totals);
  for (const r of src.returns) addReturn(group(r.day), r, src.unitCost(r.item));
  return groups.rows(profit).sort((a, b) => a.date! - b.date!);
}

/**
 * How the sales of the range were paid: cash, each bank, left on account. A sale paid partly in cash and partly
 * on account counts in both rows, so the total's count is the number of sales, not the rows' sum (issue 39:
 * '18 sales' of 16).
 */
export async function salesByMedium(ctx: Ctx, range: DateRange): Promise<{ rows: ReportRow[]; summary: Record<string, number> }> {
  const { book } = await saleFacts(ctx);
  let sales = 0;
  let cash = [0, 0];
  let credit = [0, 0];
  const banks = new Map<string, [number, number]>();
  for (const [, d] of book.between(range.from, range.to)) {
    sales += d.count;
    cash = [cash[0] + d.cash, cash[1] + d.cashCount];
    credit = [credit[0] + d.credit, credit[1] + d.creditCount];
    for (const [name, [amount, count]] of d.banks) {
      const b = banks.get(name) ?? [0, 0];
      banks.set(name, [b[0] + amount, b[1] + count]);
    }
  }
  const rows: ReportRow[] = [{ _id: 'cash', label: 'Cash', count: cash[1], total: major(cash[0]) }];
  for (const [name, [amount, count]] of [...banks].sort((a, b) => a[0].localeCompare(b[0]))) rows.push({ _id: `bank:${name}`, label: name, count, total: major(amount) });
  rows.push({ _id: 'credit', label: 'On account (unpaid)', count: credit[1], total: major(credit[0]) });
  return { rows, summary: { ...sumRows(rows), count: sales } };
}

/** By item or by category: the lines sold (net of their share of the sale's discount), less customer returns. */
export async function salesByLine(ctx: Ctx, range: DateRange, by: 'item' | 'category', profit: boolean): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  const groups = new Groups();
  const key = (item: string) => (by === 'item' ? item : src.category(item));
  const make = (item: string, name: string) => () =>
    by === 'item' ? { label: name, group: src.category(item), link: `/store/${item}` } : { label: src.category(item) };
  for (const sale of src.sales) {
    const seen = new Set<string>();
    for (const l of sale.lines) {
      const s = groups.get(key(l.id), make(l.id, l.name));
      addLine(s, l);
      // A sale with two lines of one group counts once for it.
      if (!seen.has(key(l.id))) {
        seen.add(key(l.id));
        s.count++;
      }
    }
  }
  const index = itemIndex(ctx.db);
  for (const r of src.returns) addReturn(groups.get(key(r.item), make(r.item, index.get(r.item)?.name ?? r.item)), r, src.unitCost(r.item));
  return groups.rows(profit);
}

/** By the staff member who made the sale. */
export async function salesByStaff(ctx: Ctx, range: DateRange, profit: boolean): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  const groups = new Groups();
  for (const sale of src.sales) addSale(groups.get(sale.user || sale.userName, () => ({ label: sale.userName, group: sale.user })), sale);
  return groups.rows(profit);
}

/** By hour of the day (0–23): every hour, so the chart shows the quiet ones too. */
export async function salesByHour(ctx: Ctx, range: DateRange, profit: boolean): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  const hours = Array.from({ length: 24 }, () => emptySums());
  for (const sale of src.sales) addSale(hours[new Date(sale.date).getHours()], sale);
  const hh = (h: number) => String(h).padStart(2, '0');
  return hours.map((s, h) => ({ _id: hh(h), label: `${hh(h)}:00–${hh(h)}:59`, ...salesFields(s, profit) }));
}

/** By customer: their sales of the range less their returns, and what they owe now (account customers). */
export async function topCustomers(ctx: Ctx, range: DateRange, profit: boolean): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  const groups = new Groups();
  const make = (name: string, ref?: string) => () => ({ label: name || 'Walk-in', ...(ref ? { link: `/customer/${ref}`, group: 'Account' } : { group: 'Walk-in' }) });
  for (const sale of src.sales) addSale(groups.get(sale.customerKey, make(sale.customerName, sale.customerRef)), sale);
  for (const r of src.returns) if (r.customerKey) addReturn(groups.get(r.customerKey, make(r.customerName ?? '', r.customerKey.startsWith('a:') ? r.customerKey.slice(2) : undefined)), r, src.unitCost(r.item));
  return groups.rows(profit).map((row) => {
    const ref = row._id.startsWith('a:') ? row._id.slice(2) : undefined;
    return ref ? { ...row, owed: ctx.ledger.client(ref) } : row;
  });
}
