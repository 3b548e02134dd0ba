/**
 * Every PouchDB write of the worker passes here, and only here (the linter holds the rest of worker/ to it):
 *
 *   declareWriteSteps(db, steps)   createBackend, once per database: what every write of it also does
 *                                  (the full-disk watch, worker/storage-full.ts; own-writes tracking for a new
 *                                  till's first push, worker/sync/own-writes.ts)
 *   putDoc(db, doc)                one document, as PouchDB's put: its response, or PouchDB's error thrown
 *   removeDoc(db, doc)             one document deleted, as PouchDB's remove
 *   writeEach(db, docs, options)   independent documents in one bulkDocs, each with its own result (an import's
 *                                  page, a snapshot's page, a push to the server)
 *   writeAll(db, docs)             documents that stand or fall together (a transaction and its lines, an item
 *                                  and its starting stock, a record and its audit entry): all, or none
 *
 * writeAll is all-or-nothing although PouchDB's bulkDocs is not: another till's edit can arrive by replication
 * between the handler's read and its write, and then some documents of the batch are refused as conflicts
 * while the others are written. So it (1) reads the revisions the batch replaces and, when any is no longer
 * the stored one, writes nothing and fails; (2) writes the batch in ONE bulkDocs (one IndexedDB transaction:
 * a full disk refuses all of it); (3) when any document was refused all the same (an edit that arrived in
 * between), writes back, on top of each document the batch did write, what it replaced (a new document is
 * deleted again) and fails. The ledger then posts what stands: the other till's version with the lines it
 * had. Why compensation rather than a version on the header that says which lines are live:
 * docs/architecture.md, 'All-or-nothing writes'.
 */
import type { Database } from './pouch';

type AnyDb = Database<never> | Database;
type Result = PouchDB.Core.Response | PouchDB.Core.Error;
/** One write as the steps see it: its documents and, once in, PouchDB's answer for each. */
export type Write = { docs: readonly { _id?: string }[]; replicated: boolean; outcome: Promise<readonly Result[]> };
/** Something every write of a database also does; it observes, it never changes what the caller gets. */
export type WriteStep = { name: string; observe(write: Write): void };

const stepsOf = new WeakMap<object, readonly WriteStep[]>();

export function declareWriteSteps(db: AnyDb, steps: readonly WriteStep[]): void {
  stepsOf.set(db, steps);
}

/** Runs `write` and hands its outcome to the database's steps. */
function observed<T extends readonly Result[]>(db: AnyDb, docs: readonly object[], replicated: boolean, write: () => Promise<T>): Promise<T> {
  const outcome = write();
  for (const step of stepsOf.get(db) ?? []) step.observe({ docs: docs as Write['docs'], replicated, outcome });
  return outcome;
}

export async function putDoc(db: AnyDb, doc: object): Promise<PouchDB.Core.Response> {
  const [res] = await observed(db, [doc], false, async () => [await (db as Database).put(doc as never)]);
  return res;
}

export async function removeDoc(db: AnyDb, doc: { _id: string; _rev: string }): Promise<PouchDB.Core.Response> {
  const [res] = await observed(db, [doc], false, async () => [await (db as Database).remove(doc)]);
  return res;
}

/** Each document written or refused on its own (bulkDocs' answer); `new_edits: false` writes revisions as given. */
export function writeEach(db: AnyDb, docs: readonly object[], options: { new_edits?: boolean } = {}): Promise<Result[]> {
  return observed(db, docs, options.new_edits === false, () => (db as Database).bulkDocs(docs as never[], options));
}

/** A batch that was not written: nothing of it stands (`undone` false only when even the undoing was refused). */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly conflict: boolean,
    readonly undone = true,
  ) {
    super(message);
  }
}

type Before = { rev?: string; deleted?: boolean; doc?: Record<string, unknown> };
const isError = (r: Result): r is PouchDB.Core.Error => 'error' in r && !!r.error;

/** What is stored now under each id: its revision and body (a tombstone or a missing id has no body). */
async function storedBefore(db: Database, ids: string[]): Promise<Map<string, Before>> {
  const res = await db.allDocs({ keys: ids, include_docs: true });
  const out = new Map<string, Before>();
  for (const row of res.rows) {
    if (!('value' in row) || !row.value) continue;
    const value = row.value as { rev: string; deleted?: boolean };
    out.set(row.key, { rev: value.rev, deleted: value.deleted, doc: (row as { doc?: Record<string, unknown> }).doc ?? undefined });
  }
  return out;
}

/** The document the batch replaces is still the stored one (a new one: nothing live is stored under its id). */
function stillCurrent(doc: { _rev?: string }, before: Before | undefined): boolean {
  if (doc._rev) return before?.rev === doc._rev;
  return !before || !!before.deleted;
}

/**
 * Writes `docs` all or none (see the top of the file). Answers the new revisions in order; throws WriteRefused
 * when nothing was written (or, `undone: false`, when the undoing itself was refused: a third write arrived).
 */
export async function writeAll(db: AnyDb, docs: readonly object[]): Promise<string[]> {
  const pouch = db as Database;
  const list = docs as readonly { _id: string; _rev?: string }[];
  const before = await storedBefore(pouch, list.map((d) => d._id));
  if (!list.every((d) => stillCurrent(d, before.get(d._id)))) throw new WriteRefused('Document update conflict', true);
  let results: Result[];
  try {
    results = await writeEach(pouch, list);
  } catch (e) {
    // The whole batch refused at once (one transaction aborted, a broken disk): nothing of it was written.
    throw new WriteRefused(e instanceof Error ? e.message : String(e), false);
  }
  const refused = results.find(isError);
  if (!refused) return results.map((r) => (r as PouchDB.Core.Response).rev);
  const written = results.filter((r): r is PouchDB.Core.Response => !isError(r));
  const undo = written.map((r) => {
    const was = before.get(r.id);
    return was?.doc && !was.deleted ? { ...was.doc, _rev: r.rev } : { _id: r.id, _rev: r.rev, _deleted: true };
  });
  const undone = undo.length ? (await writeEach(pouch, undo)).every((r) => !isError(r)) : true;
  throw new WriteRefused(refused.message || refused.name || 'write failed', refused.status === 409, undone);
}

/** writeAll, answering the caller's own refusal (a UserError with its message) when nothing was written. */
export async function writeAllOr(db: AnyDb, docs: readonly object[], refusal: (reason: string) => Error): Promise<string[]> {
  try {
    return await writeAll(db, docs);
  } catch (e) {
    if (e instanceof WriteRefused) throw refusal(e.message);
    throw e;
  }
}
