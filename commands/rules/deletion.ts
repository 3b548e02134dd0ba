/**
 * Deleting transactions (commands/lib/deletion.ts, the worker's own rule): a transaction is deleted
 * (`_deleted` or the `deleted` marker), marked delete_pending, or has its mark cleared only when the business's
 * delete policy, review setting and timeout allow this writer. The kind is the STORED document's, so a deletion
 * whose body names a line kind is still the deletion of the sale or payment it removes. Lines removed by an
 * invoice edit are the exception (sale lines while editable invoices is on, purchase lines always) — only
 * while their transaction stays (deleting the transaction with them is a deletion) — and who may edit a saved
 * transaction at all is ./saved-edits.ts.
 */
import { canReviewDeletion, DELETE_DENIED, deletesDirectly, LINE_EDITS, policyAllows, TRANSACTION_KINDS, timedOut } from '../lib/deletion';
import { isObject, kindOf, stampName, type Rule, type Write } from './types';

export const REVIEW_DENIED = 'Only a reviewer can accept or reject this deletion';

const isTransaction = (k: string | undefined): k is string => !!k && (TRANSACTION_KINDS as readonly string[]).includes(k);

/** The transaction a line belongs to, as this batch leaves it (or as stored), with whether it stays. */
export function parentOf(w: Write): { id: string; doc?: ReturnType<Write['storedOf']>; staysLive: boolean } | undefined {
  const line = w.stored ?? w.doc;
  const ref = isObject(line.transaction) && typeof line.transaction.ref === 'string' ? line.transaction.ref : undefined;
  if (!ref) return undefined;
  const inBatch = w.batchOf(ref);
  const stored = w.storedOf(ref);
  const staysLive = inBatch ? inBatch._deleted !== true && inBatch.deleted !== true : !!stored && stored.deleted !== true;
  return { id: ref, doc: stored, staysLive };
}

/** True when this deletion is a line an invoice edit removes (its transaction stays). */
export function isLineEditRemoval(w: Write, kind: string): boolean {
  const edit = LINE_EDITS[kind];
  const allowed = edit === true || (edit === 'editableInvoice' && w.settings.editableInvoice);
  return allowed && w.doc._deleted === true && !w.stored?.delete_pending && !!parentOf(w)?.staysLive;
}

export const deletionRule: Rule = (w) => {
  const kind = kindOf(w);
  if (!isTransaction(kind)) return undefined;
  const { doc, stored, writer, settings, now } = w;
  const target = stored ?? doc;
  const actor = { level: writer.level, username: writer.username };
  const facts = { creator: stampName(target.user), date: typeof target.date === 'number' ? target.date : undefined, delete_pending: !!stored?.delete_pending };
  const pending = facts.delete_pending;
  const refuse = (): string => {
    if (pending) return DELETE_DENIED.pending;
    const policy = settings.deletePolicy;
    if (!policyAllows(policy, actor, facts)) return DELETE_DENIED[policy === 'all' ? 'none' : policy];
    if (timedOut(settings.deleteTimeout, facts.date, now)) return DELETE_DENIED.timeout(settings.deleteTimeout);
    return REVIEW_DENIED;
  };
  const deleting = doc._deleted === true || (doc.deleted === true && !(stored && stored.deleted === true));
  if (deleting && (stored || doc.deleted === true) && !isLineEditRemoval(w, kind)) {
    const allowed = pending
      ? canReviewDeletion(settings, actor, facts)
      : policyAllows(settings.deletePolicy, actor, facts) && !timedOut(settings.deleteTimeout, facts.date, now) && deletesDirectly(settings.reviewDelete, writer.level);
    return allowed ? undefined : refuse();
  }
  if (!deleting && doc.delete_pending === true && !pending) {
    if (!policyAllows(settings.deletePolicy, actor, facts) || timedOut(settings.deleteTimeout, facts.date, now)) return refuse();
  } else if (!deleting && pending && !doc.delete_pending && !canReviewDeletion(settings, actor, facts)) {
    return REVIEW_DENIED;
  }
  return undefined;
};
