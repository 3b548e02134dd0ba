/**
 * The expense list: an in-memory index of the expense id range (prefix 'a') kept current from the changes;
 * the shared table engine applies the range, search, sort and paging. Summary ('Expenses', 'Total Amount')
 * and totals per category only for the levels of the summary-visibility setting.
 */
import { visibleTo } from '../../commands/config';
import { asKind, type ExpenseDoc } from '../../commands/docs';
import { UNCATEGORISED, type CategoryTotal, type ExpenseRow, type ExpenseSummary } from '../../commands/expenses';
import { CASH_NAME } from '../../commands/banks';
import { ID_PREFIX } from '../../commands/lib/ids';
import { sumMoney } from '../../commands/lib/money';
import type { TablePage, TableQuery } from '../../commands/table';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { tablePage } from '../table/engine';

export function sourceName(source: ExpenseDoc['source']): string {
  return typeof source === 'object' && source ? source.name : CASH_NAME;
}

function rowOf(doc: Record<string, unknown>): ExpenseRow | undefined {
  const e = asKind(doc, 'expense');
  if (!e || e._deleted) return undefined;
  return {
    _id: e._id,
    date: e.date ?? 0,
    amount: Number(e.amount) || 0,
    purpose: String(e.description ?? ''),
    category: e.category || UNCATEGORISED,
    source: sourceName(e.source),
    user: e.user?.fullname,
    ...(e.delete_pending ? { pending: true } : {}),
  };
}

function categoryTotals(rows: readonly ExpenseRow[]): CategoryTotal[] {
  const by = new Map<string, number[]>();
  for (const r of rows) {
    const list = by.get(r.category);
    if (list) list.push(r.amount);
    else by.set(r.category, [r.amount]);
  }
  return [...by].map(([category, amounts]) => ({ category, total: sumMoney(amounts) })).sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
}

export async function listExpenses(ctx: Ctx, query: TableQuery): Promise<TablePage<ExpenseRow> & { summary?: ExpenseSummary; categories?: CategoryTotal[] }> {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  const index = prefixIndex(ctx.db.main, 'expense-rows', () => createPrefixIndex(ctx.db.main, ID_PREFIX.expense, rowOf));
  const rows = [...(await index.entries()).values()];
  const visible = visibleTo(cfg.summaryVisibility, user.level);
  let categories: CategoryTotal[] | undefined;
  const page = tablePage(rows, { ...query, sort: query.sort ?? { key: 'date', dir: 'desc' } }, {
    date: (r) => r.date,
    search: (r) => [r.purpose, r.category, r.source, r.user],
    summary: visible
      ? (matching) => {
          categories = categoryTotals(matching);
          return { count: matching.length, total: sumMoney(matching.map((r) => r.amount)) };
        }
      : undefined,
  });
  const { summary, ...rest } = page;
  if (!summary) return rest;
  return { ...rest, summary: { count: summary.count, total: summary.total }, categories };
}
