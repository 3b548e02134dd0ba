/**
 * The cashbook (document 001 'Cashbook'): every movement of the cash account over a range (sales and
 * purchases paid in cash, payments in cash, expenses from cash), each row linking to its source.
 * Bank movements are on each bank's statement (/banks/{id}).
 */
import type { MoneyRow, StatementPage } from './ledger';
import type { Millis } from './lib/dates';
import { MONEY_TYPES, STOCK_TYPES, type Reads } from './reads';
import type { TableQuery } from './table';

export const CASHBOOK_MESSAGES = {
  empty: 'You do not have any cash transactions.',
} as const;

/** Where a ledger row's source document is shown (document 001: cashbook and ledger row links). */
export function sourceRoute(stores: string, id: string): string | undefined {
  switch (stores) {
    case 'payment':
      return `/payment/invoice/${id}`;
    case 'sale':
      return `/sales/invoice/${id}`;
    case 'purchase':
      return `/purchase/invoice/${id}`;
    case 'expense':
      return `/expenses/${id}`;
    default:
      return undefined;
  }
}

/** Money in and out of the cash account over the range (only for the levels of the summary-visibility setting). */
export type CashbookSummary = { in: number; out: number };

export type CashbookPage = StatementPage<MoneyRow> & {
  /** The cash balance now (the drawer at a glance), whatever the range. */
  cash: number;
  summary?: CashbookSummary;
};

/** Days of the day-at-a-glance chart: today and the 29 before it. */
export const GLANCE_DAYS = 30;
/** Debtors shown on the day at a glance: those owing for more than this many days (client ageing). */
export const GLANCE_DEBT_DAYS = 30;
/** Best-selling items and low-stock items listed on the day at a glance. */
export const GLANCE_TOP = 5;

/**
 * The day at a glance on the cashbook (issue 19 item 5), all from the worker's in-memory indexes (sales index,
 * ledger, item index, client index): no document is read. Money in major units.
 */
export type DayGlance = {
  /** Local midnight of the day shown (the worker's clock). */
  day: Millis;
  /** Today's sales: how many and their total due. */
  sales: { count: number; total: number };
  /** Money into and out of the cash account today (only for the levels of the summary-visibility setting). */
  cash?: { in: number; out: number };
  /** Balances now: the cash account and each bank. */
  balances: { cash: number; bank: number; banks: { id: string; name: string; balance: number }[] };
  /** Gross profit of today's sold lines (line total − cost price × quantity), only for the profits setting's levels. */
  profit?: number;
  /** Today's five best-selling items by amount (then quantity). */
  top: { id: string; name: string; quantity: number; total: number }[];
  /** Customers owing for more than GLANCE_DEBT_DAYS days, and what they owe of that age. */
  debtors: { count: number; amount: number };
  /** Customers whose balance is above their credit limit (the customers list's Over limit tab). */
  overLimit: number;
  /** Items low in stock (over all warehouses), the closest to running out first. */
  lowStock: { count: number; items: { id: string; name: string; balance: number; level: number }[] };
  /** Sales total per day, oldest first, GLANCE_DAYS days ending today. */
  chart: { day: Millis; total: number }[];
};

export type CashbookCommands = {
  'cashbook-list': (input: TableQuery) => Promise<CashbookPage>;
  'day-glance': (input: Record<string, never>) => Promise<DayGlance>;
};

/** The cash account moves with every money document; config holds accumulate, swap and summary visibility. */
export const CASHBOOK_READS = {
  'cashbook-list': ['config', ...MONEY_TYPES],
  'day-glance': ['config', 'customer', 'bank', ...MONEY_TYPES, ...STOCK_TYPES],
} as const satisfies Reads<CashbookCommands>;
