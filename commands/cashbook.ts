/**
 * The cashbook (document 001 'Cashbook'): every movement of the cash account over a range (sales and
 * purchases paid in cash, payments in cash, expenses from cash), each row linking to its source.
 * Bank movements are on each bank's statement (/banks/{id}).
 */
import type { MoneyRow, StatementPage } from './ledger';
import { MONEY_TYPES, type Reads } from './reads';
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

export type CashbookCommands = {
  'cashbook-list': (input: TableQuery) => Promise<CashbookPage>;
};

/** The cash account moves with every money document; config holds accumulate, swap and summary visibility. */
export const CASHBOOK_READS = {
  'cashbook-list': ['config', ...MONEY_TYPES],
} as const satisfies Reads<CashbookCommands>;
