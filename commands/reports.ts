/**
 * Reports (/reports, issue 30): what the owner reads at the end of the month. Every report is one read command,
 * `report-rows`, answered from the indexes the worker already keeps (the sales and expense id ranges, the
 * ledger, the item and client indexes) plus the reports' own sales-by-day totals kept from the changes
 * (worker/reports/): no report reads every document when it is shown.
 *
 * A report answers a TablePage of ReportRow (the shared data table pages, sorts and searches it), its totals
 * over every row of the range (`summary`), and the points of its chart. Money in major units.
 */
import { formatDate, type Millis } from './lib/dates';
import { MONEY_TYPES, STOCK_TYPES, type Reads } from './reads';
import type { TablePage, TableQuery } from './table';

export const REPORT_KINDS = [
  'sales-period',
  'sales-medium',
  'sales-item',
  'sales-category',
  'sales-staff',
  'sales-hour',
  'profit-loss',
  'vat',
  'stock-valuation',
  'slow-movers',
  'top-customers',
  'debtors-age',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  'sales-period': 'Sales by period',
  'sales-medium': 'Sales by payment medium',
  'sales-item': 'Sales by item',
  'sales-category': 'Sales by category',
  'sales-staff': 'Sales by staff member',
  'sales-hour': 'Sales by hour of the day',
  'profit-loss': 'Profit and loss',
  vat: 'VAT collected',
  'stock-valuation': 'Stock valuation',
  'slow-movers': 'Slow movers and dead stock',
  'top-customers': 'Top customers',
  'debtors-age': 'Debtors by age',
};

/** Reports that read no date range (they are as of now, or of their own date). */
export const UNRANGED: ReadonlySet<ReportKind> = new Set(['stock-valuation', 'slow-movers', 'debtors-age']);

export type ReportPeriod = 'day' | 'week' | 'month';
/** Slow movers: items with stock and no sale in this many days (default). */
export const SLOW_DAYS = 90;

/** The days a slow-movers report asks about, from what was typed: a whole number of 0 or more. */
export const slowDays = (typed: string | number): number => Math.max(0, Math.floor(Number(typed) || 0));

/**
 * A report's heading on screen, in print and in the PDF: its title and the one figure that says what it covers
 * (issue 39: the slow movers' number lived only in an input, so the page and the printout read 'No sale in days').
 */
export function reportHeading(kind: ReportKind, opts: { days?: number; at?: Millis } = {}): string {
  const title = REPORT_TITLES[kind];
  if (kind === 'stock-valuation') return `${title}${opts.at !== undefined ? ` at the end of ${formatDate(opts.at)}` : ', now'}`;
  if (kind === 'slow-movers') {
    const days = opts.days ?? SLOW_DAYS;
    return `${title}: no sale in ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return title;
}
/** Bars drawn on a chart of named rows (items, customers): the first this many of the report's order. */
export const CHART_BARS = 20;

export const REPORT_MESSAGES = {
  notAllowed: 'Reports are not open to your role',
  unknown: 'Choose a report',
  empty: 'Nothing to report in this range.',
} as const;

/**
 * One row of any report; each report fills the fields its columns show. Sales figures follow the 'Sold' list:
 * `amount` is the lines' totals (price × quantity − line discount), `discount` the sales' own discounts,
 * `returns` customer returns (as money back), `net` = amount − discount − returns, `cost` the cost of the
 * goods sold less the cost of those returned, `profit` = net − cost. `total` is what the invoices asked
 * (total due: VAT and transport included).
 */
export type ReportRow = {
  _id: string;
  /** What the row is of: a day, a medium, an item, a person, an hour, a P&L line, an invoice, a customer. */
  label: string;
  /** The period's first day, the invoice's date, an item's last sale. */
  date?: Millis;
  /** Second text: category, warehouse, customer of an invoice, the P&L line's section. */
  group?: string;
  count?: number;
  quantity?: number;
  amount?: number;
  discount?: number;
  returns?: number;
  net?: number;
  total?: number;
  cost?: number;
  profit?: number;
  /** Sales by payment medium and top customers: paid in cash, through a bank, left on account. */
  cash?: number;
  bank?: number;
  credit?: number;
  /** VAT: the base it was charged on, its rate, collected (added to or inside the total) and withheld. */
  base?: number;
  rate?: number;
  vat?: number;
  withheld?: number;
  /** Stock valuation and slow movers: stock on hand, at cost and at selling price. */
  stock?: number;
  at_cost?: number;
  at_price?: number;
  /** Slow movers: whole days since the last sale (undefined: never sold). */
  days?: number;
  /** Debtors by age: owed in each bucket, and all of it. */
  current?: number;
  d30?: number;
  d60?: number;
  d90?: number;
  over90?: number;
  owed?: number;
  /** Where a row leads: an invoice, a customer's statement, an item's stock statement. */
  link?: string;
};

export type ReportInput = TableQuery & {
  report: ReportKind;
  /** Sales by period: one row per day, week or month (default day). */
  period?: ReportPeriod;
  /** Slow movers: no sale in this many days (default SLOW_DAYS). */
  days?: number;
  /** Stock valuation: at the end of this day (default now); a warehouse id narrows it ('' or absent: all). */
  at?: Millis;
  warehouse?: string;
};

/** A chart's points: x as seconds (time charts) or 0, 1, 2 … with `labels` (bars of named rows). */
export type ReportChart = { time: boolean; x: number[]; labels: string[]; series: { label: string; values: number[] }[] };

export type ReportPage = TablePage<ReportRow> & {
  /** Whether cost and profit figures are in the rows (the profits setting's levels). */
  profitVisible: boolean;
  chart: ReportChart;
};

export type ReportsCommands = {
  'report-rows': (input: ReportInput) => Promise<ReportPage>;
};

export const REPORTS_READS = {
  'report-rows': ['config', 'customer', 'category', 'warehouse', ...MONEY_TYPES, ...STOCK_TYPES],
} as const satisfies Reads<ReportsCommands>;
