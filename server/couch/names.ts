/** Database names on the CouchDB side. Business databases are the only ones a non-admin may ever reach. */
import { businessDbName } from '../../commands/session';

export const DIRECTORY_DB = 'directory';
export const USERS_DB = '_users';

export type DbKind = 'main' | 'shared' | 'denormalized';
export const DB_KINDS: DbKind[] = ['main', 'shared', 'denormalized'];
const SUFFIX: Record<DbKind, string> = { main: '', shared: '-shared', denormalized: '-denormalized' };

export function businessDb(business: string, kind: DbKind): string {
  return businessDbName(business) + SUFFIX[kind];
}

/** The business a database name belongs to, or undefined for anything that is not a business database. */
export function businessOfDb(name: string): string | undefined {
  return /^oja-([a-z0-9]+)(?:-shared|-denormalized)?$/.exec(name)?.[1];
}
