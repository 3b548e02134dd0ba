/**
 * A manager's approval past a customer's credit limit must be one the server recorded. validate_doc_update
 * checks the stamp's shape and that a stamp naming another manager carries an approval record's id
 * (commands/rules/credit.ts, run by ./gate.ts); it cannot read that record, so this check, in front of the database and after the
 * guard, reads it as the admin and holds the stamp to it: the record exists in this business's main database
 * (written only by POST /api/credit-approval, after that manager's password and level were checked), names the
 * same manager and time, and is for the customer whose balance the document raises, and it approves one document only: the first that
 * carries it is written into the record (`used_by`), and another document carrying it is refused. Without it
 * a cashier could write any manager's name on a sale, or one approval on every sale after it.
 *
 * A stamp the stored document already carries (an edit by someone else later) is not checked again. A single
 * PUT is answered 403 here; in a batch the document is marked (./refused.ts) so validate_doc_update refuses it
 * alone and the rest of a till's sync goes on.
 */
import type express from 'express';
import type { CreditApprovalDoc } from '../../commands/credit-docs';
import type { CouchClient } from './client';
import type { GuardedRequest } from './guard';
import { businessDb } from './names';
import { REFUSED_FIELD } from './refused';

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const KINDS = ['sale', 'stock-transfer', 'cash-adjustment'];

/** The customer whose balance the document raises: the sale's customer, the transfer's recipient, the adjusted client. */
function customerOf(doc: Doc): unknown {
  const ref = doc.stores === 'sale' ? doc.customer : doc.stores === 'stock-transfer' ? doc.recipient : doc.client;
  return isObject(ref) ? ref.account_ref : undefined;
}

async function problemOf(couch: CouchClient, db: string, doc: Doc, id: string | undefined): Promise<string | undefined> {
  const stamp = doc.credit_approval;
  if (!isObject(stamp) || typeof stamp.id !== 'string' || stamp.id === '' || stamp.id.startsWith('_')) return undefined;
  if (id && !id.startsWith('_')) {
    const stored = await couch.get<Doc>(db, id);
    if (stored && isObject(stored.credit_approval) && JSON.stringify(stored.credit_approval) === JSON.stringify(stamp)) return undefined;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await couch.get<CreditApprovalDoc>(db, stamp.id);
    if (!record || record.stores !== 'credit-approval' || record._deleted) return 'This credit approval is not one the server recorded.';
    if (record.by?.username !== stamp.username || record.at !== stamp.at) return 'A credit approval names the manager and time the server recorded.';
    if (record.customer !== customerOf(doc)) return 'This credit approval is for another customer.';
    // One approval, one document: the first to carry it takes it (its later edits keep it).
    if (!id) return 'A document with a credit approval needs its id.';
    if (record.used_by === id) return undefined;
    if (record.used_by !== undefined) return 'This credit approval was already used for another transaction: ask the manager to approve again.';
    const res = await couch.request('PUT', `/${encodeURIComponent(db)}/${encodeURIComponent(record._id)}`, { ...record, used_by: id });
    if (res.status < 300) return undefined;
    if (res.status !== 409) return 'The credit approval could not be checked; try again.';
  }
  return 'The credit approval could not be checked; try again.';
}

export function creditApprovalCheck(couch: () => CouchClient): express.RequestHandler {
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    if (route?.kind !== 'db' || route.db !== businessDb(route.business, 'main') || !['PUT', 'POST'].includes(req.method)) return next();
    const body = req.body as Doc | undefined;
    const docs: Doc[] = route.what === 'doc' && isObject(body) ? [body] : route.what === 'bulk_docs' && isObject(body) && Array.isArray(body.docs) ? body.docs.filter(isObject) : [];
    const approved = docs.filter((d) => KINDS.includes(d.stores as string) && d._deleted !== true && isObject(d.credit_approval) && d[REFUSED_FIELD] === undefined);
    // A single PUT names its document in the path.
    const idOf = (d: Doc) => (typeof d._id === 'string' && d._id !== '' ? d._id : route.what === 'doc' ? route.id : undefined);
    if (!approved.length) return next();
    (async () => {
      let marked = false;
      for (const doc of approved) {
        const problem = await problemOf(couch(), route.db, doc, idOf(doc));
        if (!problem) continue;
        if (route.what === 'doc') {
          res.status(403).json({ error: 'forbidden', reason: problem });
          return;
        }
        doc[REFUSED_FIELD] = problem;
        marked = true;
      }
      // The proxy sends the body as read: it goes on with the marks.
      const guarded = req as GuardedRequest;
      if (marked && guarded.rawBody) guarded.rawBody = Buffer.from(JSON.stringify(body));
      next();
    })().catch(next);
  };
}
