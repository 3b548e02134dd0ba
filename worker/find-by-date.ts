/**
 * Documents of one kind within a date range through a pouchdb-find index on [stores, date]: lists read only
 * their kind and range, never every document. The index is created once per database (then kept by PouchDB).
 */
import type { DateRange } from '../commands/lib/dates';
import type { Database } from './pouch';

const ready = new WeakMap<Database, Promise<unknown>>();

function ensureIndex(db: Database): Promise<unknown> {
  let p = ready.get(db);
  if (!p) {
    p = db.createIndex({ index: { fields: ['stores', 'date'], ddoc: 'stores-date', name: 'stores-date' } });
    ready.set(db, p);
    p.catch(() => ready.delete(db));
  }
  return p;
}

export async function findByDate<T>(db: Database, stores: string, range?: DateRange): Promise<T[]> {
  await ensureIndex(db);
  const date = range ? { $gte: range.from, $lte: range.to } : { $gt: null };
  const res = await db.find({ selector: { stores, date }, use_index: 'stores-date', limit: Number.MAX_SAFE_INTEGER });
  return res.docs as unknown as T[];
}
