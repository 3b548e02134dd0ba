/**
 * Who may delete a transaction (document 000 section 6, document 001 section 6). Pure: the worker enforces it,
 * the screens use the same answer to show or hide Delete, so the two can never disagree.
 */
import type { DeletePolicy, ReviewDelete } from '../config';

export type DeleteAction = 'delete' | 'mark' | 'deny';

/**
 * One deletion command shape for every transaction (sale, purchase, payment, expense…): `{ id }` deletes, or
 * marks delete_pending under review; on a pending one `review: 'accept'` deletes it for real and `'reject'`
 * clears the mark. The answer says which happened.
 */
export type DeleteInput = { id: string; review?: 'accept' | 'reject' };
export type DeleteResult = { outcome: 'deleted' | 'marked' | 'rejected' };
export type DeleteDecision = { action: DeleteAction; reason?: string };

export type DeleteRules = {
  deletePolicy: DeletePolicy;
  reviewDelete: ReviewDelete;
  /** Hours; 0 means no time limit. */
  deleteTimeout: number;
};

export type DeleteActor = { level: number; username: string };
/** The transaction: who created it and its date (ms since the epoch). */
export type DeleteTarget = { creator?: string; date?: number; delete_pending?: boolean };

const HOUR_MS = 3_600_000;

/**
 * Kinds whose deletion the delete policy governs: every document that moves stock, money or a balance (the
 * ledger's kinds). The server's gate enforces the same rule (commands/rules/deletion.ts).
 */
export const TRANSACTION_KINDS = [
  'sale',
  'sale_item',
  'purchase',
  'purchase_item',
  'issue',
  'issue_item',
  'stock',
  'good-returns',
  'damaged-goods',
  'warehouse-transfer',
  'payment',
  'cash-adjustment',
  'stock-transfer',
  'expense',
] as const;

/**
 * Lines an invoice edit deletes (the spec: editing deletes the old lines and writes new ones), outside the
 * delete policy: sale lines while the `editableInvoice` setting is on, purchase lines always.
 */
export const LINE_EDITS: Record<string, true | 'editableInvoice'> = { sale_item: 'editableInvoice', purchase_item: true };

/** Dialog and banner texts of the spec's delete flow; every screen that deletes uses these. */
export const DELETE_TEXTS = {
  confirmTitle: 'Are you sure?',
  confirmText: 'You might not be able to revert this!',
  confirmButton: 'Yes, delete it!',
  cancelledTitle: 'Cancelled',
  cancelledText: 'Your data is safe',
  deletedTitle: 'Deleted!',
  deletedText: 'Your file has been deleted.',
  /** The success alert closes itself after this long (document 001 section 9). */
  deletedAutoCloseMs: 1750,
  pendingBanner: 'This transaction has been marked for deleting',
} as const;

/** Reasons for 'deny' (the spec is silent on these texts; they say plainly who may delete). */
export const DELETE_DENIED = {
  none: 'Deleting transactions is not allowed',
  creator: 'Only the user who created this transaction can delete it',
  preferred: 'Only accountants, managers and the admin can delete transactions',
  managers: 'Only managers and the admin can delete transactions',
  admin: 'Only the admin can delete transactions',
  pending: DELETE_TEXTS.pendingBanner,
  timeout: (hours: number) => `This transaction is older than ${hours} hours and can no longer be deleted`,
} as const;

/** Does the delete policy itself admit this user for this transaction? */
export function policyAllows(policy: DeletePolicy, actor: DeleteActor, target: DeleteTarget): boolean {
  switch (policy) {
    case 'all':
      return true;
    case 'creator':
      return !!target.creator && target.creator === actor.username;
    case 'preferred':
      return actor.level <= 2;
    case 'managers':
      return actor.level <= 1;
    case 'admin':
      return actor.level === 0;
    case 'none':
      return false;
  }
}

/** Does this user delete directly under the review setting (everyone else only marks delete_pending)? */
export function deletesDirectly(review: ReviewDelete, level: number): boolean {
  if (review === 'admin') return level === 0;
  if (review === 'managers') return level <= 1;
  return true;
}

/**
 * May this user accept or reject a pending deletion? Those the review setting lets delete directly; if review
 * was switched off after the mark, whoever the delete policy admits (so a pending record is never stuck).
 */
export function canReviewDeletion(rules: DeleteRules, actor: DeleteActor, target: DeleteTarget): boolean {
  if (rules.reviewDelete === 'none') return policyAllows(rules.deletePolicy, actor, target);
  return deletesDirectly(rules.reviewDelete, actor.level);
}

/** Past the timeout: deletion is allowed only while the transaction is younger than deleteTimeout hours. */
export function timedOut(timeoutHours: number, date: number | undefined, now: number): boolean {
  if (!timeoutHours || timeoutHours <= 0 || date === undefined) return false;
  return now - date >= timeoutHours * HOUR_MS;
}

/**
 * The decision for one delete attempt. A transaction already marked delete_pending is removed for real only by
 * a reviewer (the spec: "Confirming on a pending one removes it for real"); anyone else is refused.
 */
export function decideDeletion(rules: DeleteRules, actor: DeleteActor, target: DeleteTarget, now: number): DeleteDecision {
  if (target.delete_pending) {
    return canReviewDeletion(rules, actor, target) ? { action: 'delete' } : { action: 'deny', reason: DELETE_DENIED.pending };
  }
  const policy = rules.deletePolicy;
  if (!policyAllows(policy, actor, target)) return { action: 'deny', reason: DELETE_DENIED[policy === 'all' ? 'none' : policy] };
  if (timedOut(rules.deleteTimeout, target.date, now)) return { action: 'deny', reason: DELETE_DENIED.timeout(rules.deleteTimeout) };
  return deletesDirectly(rules.reviewDelete, actor.level) ? { action: 'delete' } : { action: 'mark' };
}
