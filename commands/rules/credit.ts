/**
 * Credit limits (commands/lib/credit-limit.ts): a customer's `credit_limit` is absent or an amount of 0 or
 * more, only a customer has one, and only a manager (level 0-1) sets, changes or removes it — removing it by
 * deleting the customer and writing the same id again included: a lower level neither deletes a customer
 * that carries a limit nor re-creates one over a deleted id. A new or changed `credit_approval` stamp on a
 * sale, stock transfer or cash adjustment has its shape and is the writer's own at level 0-1, or names the
 * server's approval record (server/couch/credit-approvals.ts holds it to that record).
 */
import { CREDIT_APPROVAL_PREFIX, CREDIT_MESSAGES } from '../lib/credit-limit';
import { MAX_NAME } from '../lib/text-limits';
import { isAmount, isObject, kindOf, type Rule } from './types';

export const CREDIT_RULE_MESSAGES = {
  deleteWithLimit: 'Only a manager (level 0 or 1) removes a customer with a credit limit.',
  recreate: 'Only a manager (level 0 or 1) writes a deleted customer again.',
} as const;

export const creditRule: Rule = (w) => {
  const { doc, stored, writer } = w;
  const kind = kindOf(w);
  if (kind === 'customer' && writer.level > 1) {
    if (doc._deleted === true && stored?.credit_limit !== undefined) return CREDIT_RULE_MESSAGES.deleteWithLimit;
    if (doc._deleted !== true && w.wasDeleted) return CREDIT_RULE_MESSAGES.recreate;
  }
  if (doc._deleted !== true && (kind === 'customer' || kind === 'supplier')) {
    const now = doc.credit_limit;
    if (now !== undefined) {
      if (kind !== 'customer') return 'Only a customer has a credit limit.';
      if (!isAmount(now) || now < 0) return 'A credit limit is an amount of 0 or more.';
    }
    if (now !== stored?.credit_limit && writer.level > 1) return CREDIT_MESSAGES.limitLevel;
  }
  if (doc._deleted !== true && (kind === 'sale' || kind === 'stock-transfer' || kind === 'cash-adjustment') && doc.credit_approval !== undefined) {
    const approval = doc.credit_approval;
    const was = stored?.credit_approval;
    if (was !== undefined && JSON.stringify(approval) === JSON.stringify(was)) return undefined;
    if (!isObject(approval)) return 'A credit approval names who approved and when.';
    if (typeof approval.username !== 'string' || approval.username === '' || approval.username.length > MAX_NAME) return 'A credit approval names the approving manager (username).';
    if (approval.fullname !== undefined && (typeof approval.fullname !== 'string' || approval.fullname.length > MAX_NAME)) return 'A credit approval names the approving manager (fullname).';
    if (!isAmount(approval.at) || approval.at < 0) return 'A credit approval carries when it was given (at).';
    if (!isAmount(approval.limit) || approval.limit < 0 || !isAmount(approval.balance)) return 'A credit approval carries the limit and the balance it approved.';
    if (approval.username === writer.username) {
      if (writer.level > 1) return 'Only a manager (level 0 or 1) approves going past a credit limit.';
    } else if (typeof approval.id !== 'string' || !approval.id.startsWith(CREDIT_APPROVAL_PREFIX)) {
      return "Another manager's credit approval names the server's approval record (id).";
    }
  }
  return undefined;
};
