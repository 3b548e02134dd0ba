/**
 * Shifts and the Z-report (beyond the spec). A cashier opens a shift on a till (this device) with an opening
 * float and closes it by counting the drawer. Two append-only documents record it, `shift-open` and
 * `shift-close` (no counter, nothing rewritten); every figure derives from the ledger's cash account and the
 * sales index over the shift's time window, so a deleted sale simply drops out.
 */
import type { Millis } from './lib/dates';
import type { Reads } from './reads';
import { MONEY_TYPES } from './reads';
import { BOUNDS_MESSAGES } from './lib/bounds';

/** The naira's notes and coins, largest first (the drawer count's rows when the currency is ₦). */
export const NAIRA_DENOMINATIONS = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5] as const;

/** One row of a drawer count: a note or coin and how many, or (other currencies) a plain amount with count 1. */
export type CountLine = { value: number; count: number };

export type ShiftView = {
  id: string;
  till: string;
  opened_at: Millis;
  opened_by: string;
  float: number;
  closed_at?: Millis;
  closed_by?: string;
  counted?: number;
  /** Still open on a later calendar day than it opened (a drawer left uncounted past midnight). */
  overnight: boolean;
};

/** Cash that moved through the drawer in the shift, from the ledger's cash account (in − out, by source). */
export type ShiftCash = {
  sales: number;
  payments_in: number;
  payments_out: number;
  expenses: number;
  returns: number;
  /** Cash adjustments, purchases paid in cash and the like. */
  other: number;
};

export type ZReport = {
  sales_count: number;
  first_invoice?: string;
  last_invoice?: string;
  /** Sales by how they were paid: cash, into a bank, and left on credit. */
  by_medium: { cash: number; bank: number; credit: number };
  total: number;
  discounts: number;
  vat: number;
  returns: number;
  expenses: number;
};

export type ShiftReport = ShiftView & { expected: number; difference?: number; cash: ShiftCash; z: ZReport };

export const SHIFT_MESSAGES = {
  alreadyOpen: 'A shift is already open on this till: close it first',
  notFound: 'That shift could not be found',
  closed: 'That shift is closed already',
  badFloat: 'The opening float must be an amount of 0 or more',
  badCount: 'Each count must be a whole number of 0 or more',
  tooLarge: BOUNDS_MESSAGES.amount,
  notOpener: 'Only the cashier who opened this shift or a manager may close it',
  notAllowed: 'Your role may not open or close shifts',
  notYours: 'Only a manager may see another till’s shift',
} as const;

export type ShiftCommands = {
  /** This till's open shift, if any, and the till's id. */
  'shift-current': (input: Record<string, never>) => Promise<{ till: string; shift: ShiftReport | null }>;
  'shift-open': (input: { float: number }) => Promise<ShiftView>;
  /** Closes with the drawer count (notes and coins, or plain amounts) and answers the final report. */
  'shift-close': (input: { id: string; count: CountLine[] }) => Promise<ShiftReport>;
  'shift-report': (input: { id: string }) => Promise<ShiftReport>;
  /** This till's shifts, newest first; managers (levels 0–1) see every till's. */
  'shift-list': (input: Record<string, never>) => Promise<ShiftView[]>;
};

const SHIFT_FIGURES = ['shift-open', 'shift-close', 'sale', ...MONEY_TYPES] as const;

export const SHIFT_READS = {
  'shift-current': SHIFT_FIGURES,
  'shift-report': SHIFT_FIGURES,
  'shift-list': ['shift-open', 'shift-close'],
} as const satisfies Reads<ShiftCommands>;
