/**
 * Bank and cash accounts (document 000 'Banks screen' and section 3 'bank'). The list feeds every bank selector
 * (the sale form's bank account, payments); balances come from the worker's in-memory ledger.
 */
import type { BankDoc } from './docs';
import { MONEY_TYPES, type Reads } from './reads';

/** One bank for a selector or the banks list: its document fields plus the ledger balance (money held). */
export type BankRow = Pick<BankDoc, '_id' | 'name' | 'account_name' | 'account_number'> & { balance: number };

export type BankCreateInput = {
  name: string;
  account_name?: string;
  account_number?: string;
  /** Starting balance; a non-zero value becomes an excluded 'Start balance' payment entry. */
  balance?: number;
};

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
};

/** What each read depends on (see commands/reads.ts): a bank's balance moves with every money document. */
export const BANK_READS = {
  'bank-list': ['bank', ...MONEY_TYPES],
} as const satisfies Reads<BankCommands>;
