/**
 * A shift close must match an existing open of the same till and name its opener truly. validate_doc_update
 * sees only the new document and its own previous revision, so it checks what it can (the writer's stamp, the
 * opener is the writer or a manager writes: ./validate.ts); this check, in front of the database and after
 * the guard, reads the open as the admin and holds the close to it: the open exists (stored, or earlier in
 * the same batch, as a till that opened and closed offline pushes both in one replication), the close carries
 * its till and its `opened_by` is the open's user stamp. Without it a cashier wrote `{owner's open}-close`
 * with `counted: 0`, and the owner's real close was refused for ever.
 *
 * A single PUT is answered 403 here; in a batch the refused close is marked (./refused.ts) so
 * validate_doc_update refuses that document alone and the rest of a till's sync goes on.
 */
import type express from 'express';
import type { ShiftOpenDoc } from '../../commands/docs';
import type { CouchClient } from './client';
import type { GuardedRequest } from './guard';
import { businessDb } from './names';
import { REFUSED_FIELD } from './refused';

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

const isOpen = (d: unknown): d is ShiftOpenDoc => isObject(d) && d.stores === 'shift-open' && d._deleted !== true;

/** Why this close does not match its open, or undefined when it does (or validation will refuse it anyway). */
async function problemOf(couch: CouchClient, db: string, close: Doc, batch: Doc[]): Promise<string | undefined> {
  if (typeof close.shift !== 'string' || close.shift === '' || close.shift.startsWith('_')) return undefined;
  const stored = await couch.get<ShiftOpenDoc>(db, close.shift);
  const open = isOpen(stored) ? stored : batch.find((d) => d._id === close.shift && isOpen(d));
  if (!isOpen(open)) return 'A shift close needs its shift open on the server.';
  if (close.till !== open.till) return "A shift close carries its shift's till.";
  const opener = isObject(open.user) && typeof open.user.username === 'string' ? open.user.username : '';
  if (close.opened_by !== opener) return 'A shift close names who opened the shift (opened_by).';
  return undefined;
}

export function shiftCloseCheck(couch: () => CouchClient): express.RequestHandler {
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    if (route?.kind !== 'db' || route.db !== businessDb(route.business, 'main') || !['PUT', 'POST'].includes(req.method)) return next();
    const body = req.body as Doc | undefined;
    const docs: Doc[] = route.what === 'doc' && isObject(body) ? [body] : route.what === 'bulk_docs' && isObject(body) && Array.isArray(body.docs) ? body.docs.filter(isObject) : [];
    const closes = docs.filter((d) => d.stores === 'shift-close' && d._deleted !== true);
    if (!closes.length) return next();
    (async () => {
      let marked = false;
      for (const close of closes) {
        const problem = await problemOf(couch(), route.db, close, docs);
        if (!problem) continue;
        if (route.what === 'doc') {
          res.status(403).json({ error: 'forbidden', reason: problem });
          return;
        }
        close[REFUSED_FIELD] = problem;
        marked = true;
      }
      // The proxy sends the body as read: it goes on with the marks.
      const guarded = req as GuardedRequest;
      if (marked && guarded.rawBody) guarded.rawBody = Buffer.from(JSON.stringify(body));
      next();
    })().catch(next);
  };
}
