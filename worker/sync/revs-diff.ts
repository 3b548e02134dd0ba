/**
 * A revs_diff that asks IndexedDB once per batch. PouchDB's own asks for each document's revision tree in a
 * transaction of its own: a pull batch of 2,000 documents is 2,000 IndexedDB transactions before anything is
 * written, and on a new till every one of them finds nothing. Here one allDocs read over the batch's ids finds
 * which documents exist at all: a document the database lacks lacks every revision asked about (what PouchDB
 * answers too), and only the documents it has go through PouchDB's own revs_diff.
 */
import type { Database } from '../pouch';

type Diffs = Record<string, string[]>;
type Missing = Record<string, { missing: string[]; possible_ancestors?: string[] }>;
type RevsDiff = (diffs: Diffs) => Promise<Missing>;

const quickened = new WeakSet<object>();

/** Gives `db` the one-read revs_diff (once; the answers are PouchDB's own). */
export function quickRevsDiff(db: Database): void {
  if (quickened.has(db)) return;
  quickened.add(db);
  const own = db.revsDiff.bind(db) as unknown as RevsDiff;
  const quick: RevsDiff = async (diffs) => {
    const ids = Object.keys(diffs);
    if (!ids.length) return {};
    const found = await db.allDocs({ keys: ids });
    const answer: Missing = {};
    const present: Diffs = {};
    found.rows.forEach((row, i) => {
      const id = ids[i];
      if ('error' in row && row.error === 'not_found') answer[id] = { missing: diffs[id] };
      else present[id] = diffs[id];
    });
    return Object.keys(present).length ? { ...answer, ...(await own(present)) } : answer;
  };
  // PouchDB's callers pass a callback or use the promise: keep both.
  (db as unknown as { revsDiff: unknown }).revsDiff = (diffs: Diffs, opts?: unknown, callback?: (err: unknown, res?: Missing) => void) => {
    const cb = typeof opts === 'function' ? (opts as typeof callback) : callback;
    const run = quick(diffs);
    if (cb) run.then((res) => cb(null, res), (err) => cb(err));
    return run;
  };
}
