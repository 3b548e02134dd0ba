/**
 * Deleting a transaction (sale, purchase, issue...) with all its lines, all or none, so the ledger never sees
 * a purchase gone while its lines still count. The decision comes from commands/lib/deletion.ts; this file only
 * loads and writes. Lines are found by their ids (parent id + '-' + sequence), an index range, never a scan.
 */
import type { BaseDoc, DocOfKind, DocType } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { canReviewDeletion, decideDeletion, type DeleteInput, type DeleteResult, type DeleteTarget } from '../../commands/lib/deletion';
import { actingUser, userStamp } from '../acting-user';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { writeAllOr } from '../writes';

export type TransactionKind<K extends DocType = DocType> = {
  /** `stores` of the transaction document, e.g. 'purchase'. */
  kind: K;
  /** `stores` of its lines, e.g. 'purchase_item'; omitted for documents without lines (payment, expense). */
  lineKind?: string;
};

export type Transaction<T extends BaseDoc = BaseDoc> = { doc: T; lines: BaseDoc[] };

export const NOT_FOUND_MESSAGE = 'This transaction could not be found';
const WRITE_FAILED = 'The deletion could not be saved. Please try again.';

/** The transaction and its live lines; a missing, deleted or other-kind id is a 'not-found' UserError. */
export async function loadTransaction<K extends DocType>(ctx: Ctx, id: string, kinds: TransactionKind<K>): Promise<Transaction<DocOfKind<K> & BaseDoc>> {
  const doc: (DocOfKind<K> & BaseDoc) | undefined = await getKind(ctx.db.main, id, kinds.kind);
  if (!doc || doc._deleted) throw new UserError('not-found', NOT_FOUND_MESSAGE);
  return { doc, lines: kinds.lineKind ? await loadLines(ctx, id, kinds.lineKind) : [] };
}

export async function loadLines(ctx: Ctx, parentId: string, lineKind: string): Promise<BaseDoc[]> {
  const res = await ctx.db.main.allDocs({ startkey: `${parentId}-`, endkey: `${parentId}-\uffff`, include_docs: true });
  return res.rows.map((r) => r.doc).filter((d): d is NonNullable<typeof d> => !!d && d.stores === lineKind);
}

/** The transaction, its lines and the audit entry: all or none (worker/writes.ts). */
async function writeAll(ctx: Ctx, docs: BaseDoc[]): Promise<void> {
  await writeAllOr(ctx.db.main, docs, () => new UserError('delete-failed', WRITE_FAILED));
}


function targetOf(doc: BaseDoc): DeleteTarget {
  return { creator: doc.user?.username, date: doc.date, delete_pending: doc.delete_pending };
}

/** Every delete command of a transaction (sale-delete, purchase-delete, payment-delete, expense-delete…). */
export function deleteOrReview(ctx: Ctx, input: DeleteInput, kinds: TransactionKind): Promise<DeleteResult> {
  return input.review ? reviewDeletion(ctx, input.id, kinds, input.review === 'accept') : deleteTransaction(ctx, input.id, kinds);
}

/**
 * Applies the delete policy, review and timeout for the acting user: deletes the transaction and its lines
 * (`_deleted`, deletedBy recorded), or marks them all delete_pending, or throws UserError('delete-denied', reason).
 */
export async function deleteTransaction(ctx: Ctx, id: string, kinds: TransactionKind): Promise<DeleteResult> {
  const user = actingUser(ctx);
  const { doc, lines } = await loadTransaction(ctx, id, kinds);
  const rules = await ctx.config();
  const decision = decideDeletion(rules, user, targetOf(doc), ctx.clock());
  if (decision.action === 'deny') throw new UserError('delete-denied', decision.reason ?? 'Deleting is not allowed');
  const stamp = userStamp(user);
  if (decision.action === 'mark') {
    await writeAll(ctx, [...[doc, ...lines].map((d) => ({ ...d, delete_pending: true, deleteRequestedBy: stamp }))]);
    return { outcome: 'marked' };
  }
  await writeAll(ctx, [...[doc, ...lines].map((d) => ({ ...d, _deleted: true, deletedBy: stamp }))]);
  return { outcome: 'deleted' };
}

/**
 * A reviewer's answer to a pending deletion: accept deletes the transaction and its lines for real; reject
 * clears the mark so everything counts as before. Only users the review setting lets delete directly may answer.
 */
export async function reviewDeletion(ctx: Ctx, id: string, kinds: TransactionKind, accept: boolean): Promise<DeleteResult> {
  const user = actingUser(ctx);
  const { doc, lines } = await loadTransaction(ctx, id, kinds);
  if (!doc.delete_pending) throw new UserError('not-pending', 'This transaction is not marked for deleting');
  if (!canReviewDeletion(await ctx.config(), user, targetOf(doc))) throw new UserError('delete-denied', 'Only a reviewer can accept or reject this deletion');
  const stamp = userStamp(user);
  const all = [doc, ...lines];
  if (accept) {
    await writeAll(ctx, [...all.map((d) => ({ ...d, _deleted: true, deletedBy: stamp }))]);
    return { outcome: 'deleted' };
  }
  await writeAll(ctx, all.map(({ delete_pending: _p, deleteRequestedBy: _r, ...rest }) => rest));
  return { outcome: 'rejected' };
}
