/**
 * report-rows: one report's rows for a range, its totals and its chart, then one page of it through the shared
 * table engine (search, sort, paging). The rows of a report are kept until the data under them changes (the
 * versions of the indexes they come from) or the question does, so paging, sorting and printing a report
 * costs the engine's page, not the report again.
 *
 * Who: the levels of the reports setting (managers and the admin by default); cost and profit figures only
 * for the levels of the profits setting. Reports only read: nothing here writes.
 */
import dayjs from 'dayjs';
import { visibleTo } from '../../commands/config';
import { UserError } from '../../commands/errors';
import { REPORT_KINDS, REPORT_MESSAGES, SLOW_DAYS, UNRANGED, type ReportInput, type ReportKind, type ReportPage, type ReportRow } from '../../commands/reports';
import type { DateRange } from '../../commands/lib/dates';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { itemIndex } from '../items/search/item-index';
import { domain } from '../registry';
import { tablePage } from '../table/engine';
import { chartOf } from './chart';
import { debtorsByAge } from './debtors';
import { returnFacts, saleFacts } from './facts';
import { expenseFacts, profitAndLoss, vatByInvoice } from './profit-loss';
import { salesByHour, salesByLine, salesByMedium, salesByPeriod, salesByStaff, topCustomers } from './sales';
import { slowMovers, stockValuation } from './stock';
import { sumRows } from './summary';

type Built = { key: string; rows: ReportRow[]; summary?: Record<string, number>; chart: ReportPage['chart'] };
/** The last report built per database and report kind. */
const built = new WeakMap<object, Map<ReportKind, Built>>();

/** Where each report's rows start when the table asks for no order. */
const DEFAULT_SORT: Partial<Record<ReportKind, { key: string; dir: 'asc' | 'desc' }>> = {
  'sales-item': { key: 'net', dir: 'desc' },
  'sales-category': { key: 'net', dir: 'desc' },
  'sales-staff': { key: 'net', dir: 'desc' },
  'top-customers': { key: 'net', dir: 'desc' },
  'debtors-age': { key: 'owed', dir: 'desc' },
};

/** Every version the reports read from, after catching each index up with the database. */
async function dataStamp(ctx: Ctx): Promise<string> {
  const returns = returnFacts(ctx);
  const expenses = expenseFacts(ctx);
  const items = itemIndex(ctx.db);
  // The ledger's version moves with every purchase line too, which sets the cost of returned goods (./costs.ts).
  const [sales] = await Promise.all([saleFacts(ctx), returns.entries(), expenses.entries(), items.ready(), ctx.ledger.ready()]);
  return [sales.version(), returns.version(), expenses.version(), items.changes, ctx.ledger.version()].join(':');
}

async function build(ctx: Ctx, input: ReportInput, range: DateRange, profit: boolean, now: number): Promise<Omit<Built, 'key' | 'chart'>> {
  switch (input.report) {
    case 'sales-period':
      return { rows: await salesByPeriod(ctx, range, input.period ?? 'day', profit) };
    case 'sales-medium':
      return salesByMedium(ctx, range);
    case 'sales-item':
      return { rows: await salesByLine(ctx, range, 'item', profit) };
    case 'sales-category':
      return { rows: await salesByLine(ctx, range, 'category', profit) };
    case 'sales-staff':
      return { rows: await salesByStaff(ctx, range, profit) };
    case 'sales-hour':
      return { rows: await salesByHour(ctx, range, profit) };
    case 'profit-loss':
      return profitAndLoss(ctx, range, profit);
    case 'vat':
      return { rows: await vatByInvoice(ctx, range) };
    case 'stock-valuation':
      return { rows: await stockValuation(ctx, { at: input.at, warehouse: input.warehouse || undefined, now }, profit) };
    case 'slow-movers': {
      const days = Math.max(0, Math.floor(Number(input.days ?? SLOW_DAYS)));
      return { rows: await slowMovers(ctx, Number.isFinite(days) ? days : SLOW_DAYS, now, profit) };
    }
    case 'top-customers':
      return { rows: await topCustomers(ctx, range, profit) };
    case 'debtors-age':
      return { rows: await debtorsByAge(ctx, now) };
  }
}

export async function reportRows(ctx: Ctx, input: ReportInput): Promise<ReportPage> {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  if (!visibleTo(cfg.reportsVisibility, user.level)) throw new UserError('forbidden', REPORT_MESSAGES.notAllowed);
  if (!REPORT_KINDS.includes(input.report)) throw new UserError('report-unknown', REPORT_MESSAGES.unknown);
  const profit = visibleTo(cfg.profitVisibility, user.level);
  const now = ctx.clock();
  const range: DateRange = UNRANGED.has(input.report) || !input.range ? { from: -8.64e15, to: 8.64e15 } : input.range;
  const question = [input.report, range.from, range.to, input.period, input.days, input.at, input.warehouse, profit, UNRANGED.has(input.report) ? dayjs(now).startOf('day').valueOf() : ''];
  const key = JSON.stringify([question, await dataStamp(ctx)]);
  let byKind = built.get(ctx.db.main);
  if (!byKind) built.set(ctx.db.main, (byKind = new Map()));
  let report = byKind.get(input.report);
  if (report?.key !== key) {
    const b = await build(ctx, input, range, profit, now);
    report = { key, ...b, chart: chartOf(input.report, b.rows, profit, b.summary) };
    byKind.set(input.report, report);
  }
  const fixed = report.summary;
  // The range is the report's own (applied above): the engine only searches, sorts and pages its rows.
  const page = tablePage(report.rows, { ...input, range: undefined, sort: input.sort ?? DEFAULT_SORT[input.report] }, {
    search: (r) => [r.label, r.group],
    // The profit and loss has its own totals (its lines do not add up); every other report sums its matching rows.
    summary: (matching) => fixed ?? sumRows(matching),
  });
  return { ...page, profitVisible: profit, chart: report.chart };
}

export default domain({
  'report-rows': (input, ctx) => reportRows(ctx, input),
});
