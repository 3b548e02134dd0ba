/**
 * The business's databases: main (records), shared (invoice policy, config, plan, SMS units), denormalized,
 * and local (device-only state: checkpoints, sync bookkeeping; never replicated).
 */
import { asKind, type DocOfKind, type DocType, type MainDoc, type SharedDoc } from '../commands/docs';
import { ensureAdapter, PouchDB, type Adapter, type Database } from './pouch';

export type Databases = { main: Database<MainDoc>; shared: Database<SharedDoc>; denormalized: Database; local: Database };

export const DB_SUFFIX = { main: '', shared: '-shared', denormalized: '-denormalized', local: '-local' } as const;

export async function openDatabases(name: string, adapter: Adapter): Promise<Databases> {
  await ensureAdapter(adapter);
  const open = <Doc extends {}>(suffix: string): Database<Doc> => new PouchDB<Doc>(name + suffix, { adapter });
  return {
    main: open<MainDoc>(DB_SUFFIX.main),
    shared: open<SharedDoc>(DB_SUFFIX.shared),
    denormalized: open(DB_SUFFIX.denormalized),
    local: open(DB_SUFFIX.local),
  };
}

export async function closeDatabases(dbs: Databases): Promise<void> {
  await Promise.all(Object.values(dbs).map((db) => db.close()));
}

/**
 * The same database without its document types, for writing what the document union does not describe: a
 * test's partial or corrupt documents, a benchmark's generated ones. The app's own code never needs it.
 */
export function untyped<Doc extends {}>(db: Database<Doc>): Database {
  return db as unknown as Database;
}

/** A read that answers undefined for a missing document instead of throwing. */
async function orMissing<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (e) {
    if ((e as { status?: number }).status === 404) return undefined;
    throw e;
  }
}

/** The document `id` as the database's own union (main: MainDoc, shared: SharedDoc), or undefined when missing. */
export function getOrUndefined<Doc extends {}>(db: Database<Doc>, id: string) {
  return orMissing(db.get(id));
}

/** The document `id` as one of the kinds (checked by its `stores`); undefined when missing or of another kind. */
export async function getKind<Doc extends {}, K extends DocType>(db: Database<Doc>, id: string, ...kinds: K[]): Promise<DocOfKind<K> | undefined> {
  return asKind(await orMissing(db.get(id)), ...kinds);
}

/**
 * A record of the device-only local database (checkpoint heads, device tags, sync bookkeeping): shapes outside
 * the document union, each written by one module, which names it here. `_local/` records carry no `stores`.
 */
export function getLocal<T extends {}>(db: Database, id: string): Promise<(T & { _id: string; _rev: string }) | undefined> {
  return orMissing(db.get<T>(id));
}
