/**
 * Bank and cash accounts (document 000 'Banks screen' and section 3 'bank'). The list feeds every bank selector
 * (the sale form's bank account, payments); balances come from the worker's in-memory ledger.
 */
import type { BankDoc } from './docs';
import { MONEY_TYPES, type Reads } from './reads';
import type { TablePage, TableQuery } from './table';

/** One bank for a selector or the banks list: its document fields plus the ledger balance (money held). */
export type BankRow = Pick<BankDoc, '_id' | 'name' | 'account_name' | 'account_number'> & { balance: number };

export type BankCreateInput = {
  name: string;
  account_name?: string;
  account_number?: string;
  /** Starting balance; a non-zero value becomes an excluded 'Start balance' payment entry. */
  balance?: number;
};

/** A row of the banks screen: the bank, its balance now and the money paid into it over the range. */
export type BankTableRow = BankRow & {
  /** 'Payments': money paid into the bank within the range (sales, received payments, its start balance). */
  payments: number;
};

/** The banks screen's summary over the range (published only to the levels of the summary-visibility setting). */
export type BankSummary = {
  /** How many banks. */
  banks: number;
  /** Money paid into all banks within the range (the sum of the Payments column). */
  deposit: number;
  /** The banks' balances now, added up. */
  balance: number;
};

/** The cash account's name where a bank's would show (ledger title, expense source). */
export const CASH_NAME = 'Cash';

export const BANK_MESSAGES = {
  createFailed: 'Could not create bank',
  empty: 'You do not have any banks',
  // Where the spec is silent:
  nameRequired: 'You must provide the bank name',
} as const;

export type BankCommands = {
  /** Every bank account by name, with its balance; no scan (an in-memory index of the bank id range). */
  'bank-list': (input: Record<string, never>) => Promise<BankRow[]>;
  'bank-create': (input: BankCreateInput) => Promise<{ id: string }>;
  /** The banks screen: one page of banks with Payments over the range (default this week) and the summary. */
  'banks-list': (input: TableQuery) => Promise<TablePage<BankTableRow> & { summary?: BankSummary }>;
  /** One bank with its balance, or the cash account for 'cash'; null when unknown (the screen goes to /not-found). */
  'bank-get': (input: { id: string }) => Promise<BankRow | null>;
};

/** What each read depends on (see commands/reads.ts): a bank's balance moves with every money document. */
export const BANK_READS = {
  'bank-list': ['bank', ...MONEY_TYPES],
  'banks-list': ['bank', 'config', ...MONEY_TYPES],
  'bank-get': ['bank', ...MONEY_TYPES],
} as const satisfies Reads<BankCommands>;
