/**
 * An in-memory index of the documents whose ids start with one type prefix (clients '4', purchases '3'...).
 * Built once from that id range, then kept current by reading only the changes since the last sequence it
 * saw (ids first; bodies only for the few changed ids in the range). Reads never scan the database, and no
 * IndexedDB index (which needs a version upgrade, blocked while another tab holds the database) is created.
 */
import type { Database } from './pouch';

export type PrefixIndex<T> = {
  /** Every current entry, after catching up with the changes since the last call. */
  entries(): Promise<ReadonlyMap<string, T>>;
  /** Bumped whenever an entry is added, replaced or dropped: lets readers cache what they derive. */
  version(): number;
};

/**
 * `accept` turns a document into an entry, or undefined when it does not belong (other kind, deleted).
 * `observe` sees every entry replaced (before → after), so a caller can keep running totals instead of summing.
 */
export function createPrefixIndex<T>(
  db: Database,
  prefix: string,
  accept: (doc: Record<string, unknown>) => T | undefined,
  observe?: (before: T | undefined, after: T | undefined) => void,
): PrefixIndex<T> {
  const byId = new Map<string, T>();
  let since: string | number | null = null;
  let version = 0;
  let chain: Promise<void> = Promise.resolve();

  const put = (id: string, doc: unknown) => {
    version++;
    const entry = doc ? accept(doc as Record<string, unknown>) : undefined;
    observe?.(byId.get(id), entry);
    if (entry === undefined) byId.delete(id);
    else byId.set(id, entry);
  };

  async function build() {
    const info = await db.info();
    const res = await db.allDocs({ startkey: prefix, endkey: prefix + '\uffff', include_docs: true });
    for (const row of res.rows) put(row.id, row.doc);
    since = info.update_seq;
  }

  async function catchUp() {
    const res = await db.changes({ since: since ?? 0 });
    since = res.last_seq;
    const changed = res.results.filter((c) => c.id.startsWith(prefix) || byId.has(c.id));
    for (const c of changed) if (c.deleted) put(c.id, undefined);
    const live = changed.filter((c) => !c.deleted).map((c) => c.id);
    if (!live.length) return;
    const docs = await db.allDocs({ keys: live, include_docs: true });
    for (const row of docs.rows) put(row.key, 'doc' in row ? row.doc : undefined);
  }

  return {
    async entries() {
      chain = chain.then(() => (since === null ? build() : catchUp()));
      await chain;
      return byId;
    },
    version: () => version,
  };
}

/** One index per database and name, created on first use. */
const registry = new WeakMap<Database, Map<string, PrefixIndex<unknown>>>();

export function prefixIndex<T>(db: Database, name: string, create: () => PrefixIndex<T>): PrefixIndex<T> {
  let map = registry.get(db);
  if (!map) registry.set(db, (map = new Map()));
  let index = map.get(name) as PrefixIndex<T> | undefined;
  if (!index) map.set(name, (index = create() as PrefixIndex<unknown> as PrefixIndex<T>));
  return index;
}
