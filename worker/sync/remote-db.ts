/**
 * The server's databases as PouchDB sees them. PouchDB's pull asks the source's info() after every batch (for
 * its active-task counts) and leaves a failure of that call unhandled: a server gone or a connection dropped at
 * that moment became an unhandled rejection, which ends a Node process (tests, tools) and litters the
 * browser's console. The remote handed to PouchDB answers a failed info() with an empty one; the sync's own
 * questions go through strictInfo(), which still fails.
 */
import { PouchDB, type Database } from '../pouch';

type Info = PouchDB.Core.DatabaseInfo;
const strict = new WeakMap<object, () => Promise<Info>>();

export function remoteDatabase(url: string, fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>): Database {
  const db = new PouchDB(url, { skip_setup: true, fetch } as PouchDB.Configuration.RemoteDatabaseConfiguration) as Database;
  const own = db.info.bind(db) as () => Promise<Info>;
  strict.set(db, own);
  (db as unknown as { info: () => Promise<Info> }).info = () => own().catch((): Info => ({ db_name: '', doc_count: 0, update_seq: 0 }));
  return db;
}

/** The database's info, failing when the server cannot be asked (any database, remote or not). */
export function strictInfo(db: Database): Promise<Info> {
  return (strict.get(db) ?? (db.info.bind(db) as () => Promise<Info>))();
}
