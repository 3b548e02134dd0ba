/**
 * What a new till wrote itself while its first pull ran, so the catch-up pushes those documents and not the
 * hundreds of thousands it pulled. PouchDB's push would walk every local change and ask the server about
 * each (on M that walk took 92 s: scripts/bench/README.md). Every write the worker makes reaches the
 * database through worker/writes.ts, and everything that came from the server is written with
 * `new_edits: false` (replication and the snapshot alike), which the worker itself never uses: so the
 * documents of every other write are the till's own.
 */
import type { Database } from '../pouch';
import { writeEach, type WriteStep } from '../writes';

type Result = { id?: string; ok?: boolean };
/** One leaf of a document as get() with open_revs answers it. */
type Leaf = { ok?: { _id: string; _rev: string }; missing?: string };

export type OwnWrites = {
  /** Ids of the documents whose write finished since begin() (each counted once its result is in). */
  ids(): Set<string>;
  has(id: string): boolean;
  /** Resolves once every write begun so far, before begin() too, has its result in. */
  settled(): Promise<void>;
  end(): void;
};

type Watch = { begin(): OwnWrites; step: WriteStep };
const watches = new WeakMap<object, Watch>();

/**
 * Watches `db`'s own writes (once per database): its `step` is declared on the database's writes
 * (worker/writes.ts) when the backend opens it, so a write already under way when a catch-up begins is watched
 * too. begin() notes the ids of every own write that finishes from then on, until end().
 */
export function watchOwnWrites(db: Database): Watch {
  const known = watches.get(db);
  if (known) return known;
  const sessions = new Set<Set<string>>();
  const inFlight = new Set<Promise<unknown>>();
  const step: WriteStep = {
    name: 'own-writes tracking',
    observe({ replicated, outcome }) {
      if (replicated) return;
      const noted = outcome.then(
        (res) => {
          for (const ids of sessions) for (const r of res as Result[]) if (r.ok && r.id) ids.add(r.id);
        },
        () => undefined,
      );
      inFlight.add(noted);
      void noted.then(() => inFlight.delete(noted));
    },
  };
  const watch: Watch = {
    step,
    begin() {
      const ids = new Set<string>();
      sessions.add(ids);
      return {
        ids: () => new Set(ids),
        has: (id) => ids.has(id),
        settled: async () => {
          await Promise.all([...inFlight]);
        },
        end: () => void sessions.delete(ids),
      };
    },
  };
  watches.set(db, watch);
  return watch;
}

/** Ids of `db`'s changes so far, or undefined when there are more than `limit` (then the push walks them all). */
export async function changedIds(db: Database, limit: number): Promise<Set<string> | undefined> {
  const res = await db.changes({ since: 0, limit: limit + 1, return_docs: true });
  return res.results.length > limit ? undefined : new Set(res.results.map((r) => r.id));
}

/**
 * Sends every revision `local` holds of `ids` that `remote` lacks, with its history, as replication does
 * (a refused document is handed to `denied`, as the live sync's 'denied' event hands it). Attachments go along
 * inline.
 */
export async function pushDocs(local: Database, remote: Database, ids: Iterable<string>, denied: (err: unknown) => void, chunk = 200): Promise<void> {
  const all = [...ids].filter((id) => !id.startsWith('_local/'));
  for (let i = 0; i < all.length; i += chunk) {
    const part = all.slice(i, i + chunk);
    const leaves = await Promise.all(part.map((id) => (local.get(id, { revs: true, open_revs: 'all', attachments: true } as never) as Promise<Leaf[]>).catch(() => [] as Leaf[])));
    const docs = leaves.flat().flatMap((l) => (l.ok ? [l.ok] : []));
    if (!docs.length) continue;
    const asked: Record<string, string[]> = {};
    for (const d of docs) (asked[d._id] ??= []).push(d._rev);
    const missing = (await remote.revsDiff(asked)) as Record<string, { missing?: string[] }>;
    const send = docs.filter((d) => missing[d._id]?.missing?.includes(d._rev));
    if (!send.length) continue;
    const res = (await writeEach(remote, send, { new_edits: false })) as Result[] & { error?: string }[];
    for (const r of res) if ('error' in r && r.error) denied(r);
  }
}
