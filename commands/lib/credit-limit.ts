/**
 * Customer credit limits (issue 28, 'Credit limits'): a customer may have a limit on what they owe (their
 * ledger balance, positive = owes the business). A sale, a stock transfer to them or a cash adjustment that
 * raises their balance past it is handled as the owner's setting `creditLimitMode` says:
 *   warn      the person confirms ('credit-warning'; the form resends with confirmCredit);
 *   block     refused ('credit-blocked');
 *   approval  a manager (level 0-1) approves: one at the till signs in on the spot (the server checks their
 *             password and records the approval: POST /api/credit-approval); a manager selling themselves
 *             confirms and is recorded as the approver ('credit-approval' otherwise).
 * Pure: the worker decides with these, the sale form shows the credit left with them, and the server's
 * the server's /db gate checks the shapes named here (commands/rules/credit.ts).
 */
import { formatDateTime, type Millis } from './dates';
import { formatMoney, subMoney } from './money';

export { CREDIT_MODES, type CreditMode } from './credit-modes';
import type { CreditMode } from './credit-modes';
import type { CreditApprovalStamp } from '../credit-docs';
export type { CreditApprovalStamp } from '../credit-docs';

/** The levels that may approve going past a limit, and set or change a customer's limit (managers). */
export const CREDIT_MANAGER_LEVELS = [0, 1] as const;
export const isCreditManager = (level: number | undefined): boolean => level === 0 || level === 1;

/** Id prefix of the approvals the server records (kind 'credit-approval', written by the server only). */
export const CREDIT_APPROVAL_PREFIX = 'credit-approval-';

/** What POST /api/credit-approval answers: the approval the form passes back to the command. */
export type CreditApprovalGrant = { id: string; username: string; fullname: string; at: Millis; customer: string };

/** What a command that may take a customer past their limit accepts besides its own fields. */
export type CreditInput = {
  /** The person answered the credit warning (warn mode; a manager's own confirmation in approval mode). */
  confirmCredit?: boolean;
  /** A manager's approval from POST /api/credit-approval, for this customer. */
  creditApproval?: CreditApprovalGrant;
};

/** A customer's balance, limit and what they may still owe (never below zero); no limit: left undefined. */
export type CreditView = { balance: number; limit?: number; left?: number; over: boolean };

export function creditView(balance: number, limit: number | undefined): CreditView {
  if (limit === undefined) return { balance, over: false };
  const left = Math.max(0, subMoney(limit, balance));
  return { balance, limit, left, over: balance > limit };
}

/**
 * True when moving a balance from `before` to `after` takes it past `limit`: it rises and ends above the
 * limit. A document that lowers the balance (or leaves it) is never held back, even for a customer already
 * over: a payment, or a fully paid sale, must always go through.
 */
export function passesLimit(limit: number | undefined, before: number, after: number): boolean {
  return limit !== undefined && after > before && after > limit;
}

export const CREDIT_TITLE = 'Credit limit';

export const CREDIT_MESSAGES = {
  confirm: 'Yes, go past the limit',
  approve: 'Approve',
  approvalTitle: "Manager's approval",
  approvalHelp: 'A manager (owner or level 1) types their username (or email) and password to approve.',
  notManager: 'Only a manager (the owner or a level 1 user) of this business can approve going past a credit limit.',
  wrongPassword: 'The username or password is not right.',
  offline: "A manager's approval needs the server to check their password, and it cannot be reached. Take a payment or sell less, or try again when online.",
  cancelled: 'Cancelled: the credit limit was not passed',
  limitNegative: 'The credit limit cannot be less than zero',
  limitLevel: "Only a manager (the owner or a level 1 user) can set or change a customer's credit limit",
  badApproval: "This approval is not for this customer: ask the manager to approve again.",
} as const;

/** '{name} would owe ₦62,000.00, past the credit limit of ₦50,000.00 (owes ₦40,000.00 now).' */
export function creditPastText(name: string, limit: number, before: number, after: number, currency?: string): string {
  const m = (n: number) => formatMoney(n, currency);
  return `${name} would owe ${m(after)}, past the credit limit of ${m(limit)} (owes ${m(before)} now).`;
}

export function creditMessage(mode: CreditMode | 'self', name: string, limit: number, before: number, after: number, currency?: string): string {
  const past = creditPastText(name, limit, before, after, currency);
  switch (mode) {
    case 'warn':
      return past;
    case 'block':
      return `${past} Take a payment or sell less: going past a credit limit is not allowed.`;
    case 'approval':
      return `${past} A manager must approve it.`;
    case 'self':
      return `${past} As a manager, you approve it.`;
  }
}

/** The statement's note for an approved document: 'Past credit limit ₦50,000.00, approved by Ada Obi, March 5, 2026 10:00'. */
export function approvalNote(stamp: CreditApprovalStamp, currency?: string): string {
  return `Past credit limit ${formatMoney(stamp.limit, currency)}, approved by ${stamp.fullname || stamp.username}, ${formatDateTime(stamp.at)}`;
}

/**
 * A statement row's Details as every copy of the statement says it (screen text, CSV, PDF): its details, then the
 * approval note (issue 39: the PDF dropped the note the screen shows).
 */
export function detailsWithApproval(row: { details?: string; approval?: CreditApprovalStamp }, currency?: string): string {
  return [row.details, row.approval && approvalNote(row.approval, currency)].filter(Boolean).join(' · ');
}
