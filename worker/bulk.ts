/**
 * Writing several documents that belong together (an item and its starting stock, an issue and its lines):
 * PouchDB's bulk write is not atomic, so when any document fails the ones that were written are removed
 * again and the caller reports one failure. Nothing is left half-written.
 */
import type { Database } from './pouch';

export type BulkOutcome = { ok: true; revs: string[] } | { ok: false; reason: string };

export async function writeTogether(db: Database, docs: object[]): Promise<BulkOutcome> {
  let results: PouchDB.Core.Response[] | (PouchDB.Core.Response | PouchDB.Core.Error)[];
  try {
    results = await db.bulkDocs(docs as PouchDB.Core.PutDocument<Record<string, unknown>>[]);
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
  const failed = results.find((r) => 'error' in r && r.error) as PouchDB.Core.Error | undefined;
  if (!failed) return { ok: true, revs: results.map((r) => (r as PouchDB.Core.Response).rev) };
  const written = results.filter((r): r is PouchDB.Core.Response => 'ok' in r && !!r.ok);
  if (written.length) {
    await db.bulkDocs(written.map((r) => ({ _id: r.id, _rev: r.rev, _deleted: true }))).catch(() => undefined);
  }
  return { ok: false, reason: failed.message ?? failed.name ?? 'write failed' };
}
