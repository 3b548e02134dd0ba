/**
 * Expenses (document 001 'Expenses', sections 3 and 4): money spent from a bank or the cash account, with a
 * purpose and (beyond the spec) a category. Deletion follows the shared delete policy (commands/lib/deletion.ts).
 */
import type { ExpenseDoc } from './docs';
import type { Millis } from './lib/dates';
import type { DeleteDecision, DeleteInput, DeleteResult } from './lib/deletion';
import type { Reads } from './reads';
import type { TablePage, TableQuery } from './table';

export const EXPENSE_MESSAGES = {
  createFailed: 'Could not create expense',
  empty: 'You do not have any expenses',
  // Where the spec is silent:
  amountRequired: 'The expense amount must be more than 0',
  purposeRequired: 'You must state the purpose of the expense',
  sourceUnknown: 'Choose the bank or cash account the money came from',
} as const;

/** An expense without a category counts under this one (the list itself is the config key expenseCategories). */
export const UNCATEGORISED = 'Other';

export type ExpenseInput = {
  /** Defaults to now. */
  date?: Millis;
  /** A number, or text as typed ('1,500.50'); must come to more than 0. */
  amount: number | string;
  /** A bank's _id, or 'cash' (CASH_ACCOUNT). */
  source: string;
  /** Shown as Purpose. */
  description: string;
  category?: string;
};

export type ExpenseDetail = {
  expense: ExpenseDoc;
  /** The bank's name, or 'Cash'. */
  sourceName: string;
  /** What a Delete by the acting user would do (the Delete button shows unless 'deny'). */
  deletion: DeleteDecision;
  canReview: boolean;
};

export type ExpenseRow = {
  _id: string;
  date: Millis;
  amount: number;
  /** The expense's description. */
  purpose: string;
  category: string;
  /** Bank name or 'Cash'. */
  source: string;
  user?: string;
  pending?: boolean;
};

/** Published only to the levels of the summary-visibility setting. */
export type ExpenseSummary = {
  /** 'Expenses': how many in the range. */
  count: number;
  /** 'Total Amount'. */
  total: number;
};

/** Beyond the spec: the total per category over the range, largest first (published with the summary). */
export type CategoryTotal = { category: string; total: number };

export type ExpenseCommands = {
  'expense-create': (input: ExpenseInput) => Promise<{ id: string }>;
  /** null when missing or deleted (the screen goes to /not-found). */
  'expense-get': (input: { id: string }) => Promise<ExpenseDetail | null>;
  'expenses-list': (input: TableQuery) => Promise<TablePage<ExpenseRow> & { summary?: ExpenseSummary; categories?: CategoryTotal[] }>;
  /** Under the delete policy, review and timeout; a reviewer's accept or reject of a pending one (DeleteInput). */
  'expense-delete': (input: DeleteInput) => Promise<DeleteResult>;
};

export const EXPENSE_READS = {
  'expense-get': ['expense', 'config'],
  'expenses-list': ['expense', 'config'],
} as const satisfies Reads<ExpenseCommands>;
