/** Issue out and receive (Production) (document 000 sections 2, 4, 5; document 001 'Issue form'). */
import type { LineInputOf } from './docs';
import type { Millis } from './lib/dates';

export const ISSUE_MESSAGES = {
  collector: 'You must select the collector you are buying from',
  noItems: 'You must add atleast one item to issue',
  noDate: 'You must provide a issue date',
  itemName: 'You must select item to be issued',
  debtTitle: 'Debt issue alert!',
  debtConfirm: 'Yes, accept debt!',
  debtCancelled: 'Cancelled - Please update amount paid for issue',
  saved: 'Issue has been successfully saved',
} as const;

export type IssueDirection = 'issue-out' | 'receive';

export type IssueLineInput = LineInputOf<'group' | 'variation' | 'available' | 'unit'>;

export type IssueInput = {
  direction: IssueDirection;
  collector: { name: string; ref?: string };
  date?: Millis;
  details?: string;
  customFields?: Record<string, string>;
  /** Warehouse id the lines apply to; 'store' by default. */
  warehouse?: string;
  items: IssueLineInput[];
  amount_paid?: number | string;
  /** The person confirmed the 'Debt issue alert!' (paid below due). */
  acceptDebt?: boolean;
};

/** Thrown as error code 'debt-confirmation' with this message when paid is below due and not yet accepted. */
export const DEBT_CODE = 'debt-confirmation';

export type IssueCommands = {
  'issue-create': (input: IssueInput) => Promise<{ id: string; summary: string; total_quantity: number; total_due: number }>;
};

/** 'Please confirm that you made a payment of X for this issue. The total due was meant to be Y' */
export function debtMessage(paid: string, due: string): string {
  return `Please confirm that you made a payment of ${paid} for this issue. The total due was meant to be ${due}`;
}
