/**
 * The business's databases: main (records), shared (invoice policy, config, plan, SMS units), denormalized,
 * and local (device-only state: checkpoints, sync bookkeeping; never replicated).
 */
import { ensureAdapter, PouchDB, type Adapter, type Database } from './pouch';

export type Databases = { main: Database; shared: Database; denormalized: Database; local: Database };

export const DB_SUFFIX = { main: '', shared: '-shared', denormalized: '-denormalized', local: '-local' } as const;

export async function openDatabases(name: string, adapter: Adapter): Promise<Databases> {
  await ensureAdapter(adapter);
  const open = (suffix: string) => new PouchDB<Record<string, unknown>>(name + suffix, { adapter }) as Database;
  return {
    main: open(DB_SUFFIX.main),
    shared: open(DB_SUFFIX.shared),
    denormalized: open(DB_SUFFIX.denormalized),
    local: open(DB_SUFFIX.local),
  };
}

export async function closeDatabases(dbs: Databases): Promise<void> {
  await Promise.all(Object.values(dbs).map((db) => db.close()));
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
