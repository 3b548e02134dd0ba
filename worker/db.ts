/**
 * The business's databases: main (records), shared (invoice policy, config, plan, SMS units), denormalized,
 * and local (device-only state: checkpoints, sync bookkeeping; never replicated).
 */
import type { MainDoc, SharedDoc } from '../commands/docs';
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

/** get() that answers undefined for a missing document instead of throwing. */
export async function getOrUndefined<T>(db: Database, id: string): Promise<T | undefined> {
  try {
    return (await db.get(id)) as unknown as T;
  } catch (e) {
    if ((e as { status?: number }).status === 404) return undefined;
    throw e;
  }
}
