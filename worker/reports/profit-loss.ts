/**
 * Profit and loss over a range, and VAT by invoice.
 *
 * Profit and loss, one row per line of the statement (amounts signed: what is taken off is negative):
 *   Sales (line totals) − discounts − customer returns = net sales
 *   − cost of goods sold (cost price × quantity of the lines, less the cost of the goods returned)
 *   − damaged goods written off ± stocktake differences (each row only when there is any; ./stock-losses.ts)
 *   = gross profit − expenses (one row per category) = net profit.
 * Without the profits setting's level the cost, gross and net rows are left out (sales and expenses stay).
 *
 * VAT: one row per sale of the range that carried VAT: collected (added to the total or inside it) or withheld
 * by the customer (the sale's VAT 'withold' switch: recorded for the tax return, not received).
 */
import { asKind } from '../../commands/docs';
import { UNCATEGORISED } from '../../commands/expenses';
import type { DateRange } from '../../commands/lib/dates';
import { ID_PREFIX } from '../../commands/lib/ids';
import { toMinor } from '../../commands/lib/money';
import type { ReportRow } from '../../commands/reports';
import type { Ctx } from '../context';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { saleFacts } from './facts';
import { addDay, addReturn, emptySums, major } from './figures';
import { sourceOf } from './sales';
import { stockLosses } from './stock-losses';

type ExpenseFact = { date: number; amount: number; category: string };

/** Expenses (date, amount in minor units, category) from the expense id range. */
export function expenseFacts(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'report-expense-facts', () =>
    createPrefixIndex<ExpenseFact>(ctx.db.main, ID_PREFIX.expense, (d) => {
      const e = asKind(d, 'expense');
      if (!e || e._deleted || (d as { deleted?: unknown }).deleted === true) return undefined;
      return { date: Number(e.date) || 0, amount: toMinor(Number(e.amount) || 0), category: e.category || UNCATEGORISED };
    }),
  );
}

export type ProfitLoss = { rows: ReportRow[]; summary: Record<string, number> };

export async function profitAndLoss(ctx: Ctx, range: DateRange, profit: boolean): Promise<ProfitLoss> {
  const [src, expenses, { book }, stock] = await Promise.all([
    sourceOf(ctx, range),
    expenseFacts(ctx).entries(),
    saleFacts(ctx),
    profit ? stockLosses(ctx, range) : { damaged: 0, counted: 0 },
  ]);
  const s = emptySums();
  for (const [, d] of book.between(range.from, range.to)) addDay(s, d);
  for (const r of src.returns) addReturn(s, r, src.unitCost(r.item));
  const byCategory = new Map<string, number>();
  for (const e of expenses.values()) if (e.date >= range.from && e.date <= range.to) byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + e.amount);
  const expenseTotal = [...byCategory.values()].reduce((a, b) => a + b, 0);
  const net = s.amount - s.discount - s.returns;
  const cost = s.cost - s.returnCost;
  // Goods written off or found by a count change what the goods cost the shop: they count in the gross profit.
  const gross = net - cost - stock.damaged + stock.counted;
  const rows: ReportRow[] = [];
  const line = (id: string, label: string, group: string, minor: number) => rows.push({ _id: id, label, group, amount: major(minor) });
  line('sales', 'Sales', 'Income', s.amount);
  line('discounts', 'Discounts', 'Income', -s.discount);
  line('returns', 'Customer returns', 'Income', -s.returns);
  line('net-sales', 'Net sales', 'Income', net);
  if (profit) {
    line('cost', 'Cost of goods sold', 'Cost of sales', -cost);
    if (stock.damaged) line('damaged', 'Damaged goods', 'Cost of sales', -stock.damaged);
    if (stock.counted) line('stocktake', 'Stocktake differences', 'Cost of sales', stock.counted);
    line('gross', 'Gross profit', 'Cost of sales', gross);
  }
  for (const [category, minor] of [...byCategory].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) line(`expense:${category}`, category, 'Expenses', -minor);
  line('expenses', 'Total expenses', 'Expenses', -expenseTotal);
  if (profit) line('net', 'Net profit', 'Result', gross - expenseTotal);
  const summary: Record<string, number> = { sales: major(s.amount), net_sales: major(net), expenses: major(expenseTotal) };
  if (profit) Object.assign(summary, { cost: major(cost), gross: major(gross), net: major(gross - expenseTotal) });
  return { rows, summary };
}

/** Every sale of the range with VAT on it, oldest first. */
export async function vatByInvoice(ctx: Ctx, range: DateRange): Promise<ReportRow[]> {
  const src = await sourceOf(ctx, range);
  return src.sales
    .filter((f) => f.vat !== 0)
    .sort((a, b) => a.date - b.date || (a.id < b.id ? -1 : 1))
    .map((f) => ({
      _id: f.id,
      label: f.invoice,
      date: f.date,
      group: f.customerName,
      base: major(f.amount - f.discount + f.transport),
      rate: f.vatRate,
      vat: f.withheld ? 0 : major(f.vat),
      withheld: f.withheld ? major(f.vat) : 0,
      total: major(f.total),
      link: `/sales/invoice/${f.id}`,
    }));
}
