/**
 * Ledger commands: balances and statements answered from the worker's in-memory ledger (never by scanning).
 * Stock quantities are in units, money in major units, dates in ms since the epoch.
 *
 * Signs: a client balance is positive when the client owes the business (debtor) and negative when the
 * business owes the client (creditor; a supplier we owe). A bank or cash balance is the money held.
 * Statement rows: debit = the entry raised the balance, credit = it lowered it.
 */
import type { TablePage, TableQuery } from './table';
import { MONEY_TYPES, STOCK_TYPES, type Reads } from './reads';
import type { CreditApprovalStamp } from './lib/credit-limit';

/** The cash account's reference: payments with medium 'cash', expenses from 'cash', the cash part of sales. */
export const CASH_ACCOUNT = 'cash';

/** Combined stock statements join item ids with two hyphens (route /store/{id1}--{id2}). */
export const ITEM_IDS_SEPARATOR = '--';

/** A statement whose item, client or bank does not exist (the screen goes to /not-found). */
export const STATEMENT_NOT_FOUND = 'This statement could not be found';

export type StockBalanceRow = {
  id: string;
  /** All warehouses, or the one asked for. Out of stock at 0 or below. */
  balance: number;
  /** Balance per warehouse location ('store' = Main store), only locations with movements. */
  warehouses: Record<string, number>;
  /** Closest remaining expiry batch, if the item has dated batches left. */
  closest_expiry?: number;
  /** True when closest_expiry lies within the configured threshold (expiryTreshold months). */
  expiring: boolean;
};

export type ExpiringRow = {
  id: string;
  name: string;
  /** Remaining quantity of the closest batch. */
  quantity: number;
  /** Position of that batch among the item's dated batches, oldest first (1-based). */
  iteration: number;
  expiry_date: number;
  /** The item's balance over all warehouses. */
  available: number;
};

/** One movement, payment or transaction line of a statement. */
export type StatementRow = {
  /** Document id: links to the source (sale, purchase, payment, expense...). */
  id: string;
  stores: string;
  date: number;
  description: string;
  details?: string;
  /** Invoice or teller number. */
  invoice?: string;
  /** The transaction a movement line belongs to (sale/purchase/issue id), for links. */
  ref?: string;
  user?: string;
  /** A manager's approval past the customer's credit limit (commands/lib/credit-limit.ts). */
  approval?: CreditApprovalStamp;
  debit: number;
  credit: number;
  /** Running balance after this row (stock: of this row's item). */
  balance: number;
};

/** A bank or cash ledger row: a statement row plus the route of its source (payment, sale, purchase, expense). */
export type MoneyRow = StatementRow & { route?: string };

export type StockStatementRow = StatementRow & { item: { id: string; name: string }; warehouse: string };

/** One item's balances at the two ends of a stock statement's range. */
export type ItemEnds = { id: string; name: string; opening: number; closing: number };

/**
 * A stock statement: one item's answer carries its opening and closing; several items' carry each item's ends
 * and no total (issue 39: bread and noodles added into one balance mean nothing).
 */
export type StockStatementPage = TablePage<StockStatementRow> & { items: ItemEnds[]; opening?: number; closing?: number };

export type StatementPage<Row> = TablePage<Row> & {
  /** Balance before the first row in range (0 with accumulate, which shows every earlier entry). */
  opening: number;
  /** Balance after the last row in range. */
  closing: number;
};

export type LedgerCommands = {
  /** Balances of the given items (a page of the store list); unknown ids have balance 0. */
  'stock-balances': (input: { ids: string[]; warehouse?: string }) => Promise<StockBalanceRow[]>;
  /** Items whose closest expiry falls within the threshold, soonest first. */
  'expiring-items': (input: TableQuery) => Promise<TablePage<ExpiringRow>>;
  /** Movements of one item, or several (ids joined by '--' or as a list), optionally in one warehouse. */
  'stock-statement': (input: TableQuery & { items: string | string[]; warehouse?: string }) => Promise<StockStatementPage>;
  /**
   * Customer or supplier account statement (account = the client's _id / account_ref). view 'supplier' (the
   * route parameter client=supplier) reads payment rows as the business paying: 'Payment made', 'Refund received'.
   */
  'client-statement': (input: TableQuery & { account: string; view?: 'customer' | 'supplier' }) => Promise<StatementPage<StatementRow>>;
  /**
   * Bank or cash account ledger (account = bank _id, or 'cash'): sale, purchase, expense and payment rows.
   * With the swapDebitCredit setting the two columns trade places; the balance is unchanged.
   */
  'bank-statement': (input: TableQuery & { account: string }) => Promise<StatementPage<MoneyRow>>;
};

/** What each read depends on (see commands/reads.ts): the ledger's postings come from these documents. */
export const LEDGER_READS = {
  'stock-balances': STOCK_TYPES,
  'expiring-items': STOCK_TYPES,
  'stock-statement': STOCK_TYPES,
  'client-statement': ['customer', 'supplier', ...MONEY_TYPES],
  'bank-statement': ['bank', 'config', ...MONEY_TYPES],
} as const satisfies Reads<LedgerCommands>;
