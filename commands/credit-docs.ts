/** A manager's approval to take a customer past their credit limit (main database). Re-exported by ./docs.ts. */
import type { Millis } from './lib/dates';
import type { BaseDoc, UserStamp } from './base-doc';

/**
 * Recorded on a sale, stock transfer or cash adjustment that went past the customer's limit with a manager's
 * approval: who approved and when, the limit and the balance it approved. `id` names the server's approval
 * record when the approver is not the writer (the server checks it); a manager who writes the document
 * themselves approves it by confirming, without one.
 */
export type CreditApprovalStamp = {
  username: string;
  fullname: string;
  at: Millis;
  id?: string;
  /** The customer's limit and the balance the document takes them to. */
  limit: number;
  balance: number;
};

/**
 * Written by the server only (POST /api/credit-approval, after checking the manager's password and level):
 * who approved, for which customer, when, and who asked. A sale, stock transfer or cash adjustment that names
 * it in its `credit_approval.id` is checked against it when it reaches the server (server/couch/credit-approvals.ts).
 */
export type CreditApprovalDoc = BaseDoc & {
  stores: 'credit-approval';
  /** The customer's _id. */
  customer: string;
  /** The approving manager (level 0 or 1). */
  by: UserStamp;
  at: Millis;
  /** The login that asked (the cashier whose session called the API). */
  requested_by: string;
  /** The one document (sale, stock transfer, cash adjustment) the approval was used for, set by the server. */
  used_by?: string;
};
