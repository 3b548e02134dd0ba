/**
 * What a /db request is, read from its path as the database server will read it: every segment is decoded
 * first, so `%5Flocal%2F_security`, `_design%2Fx`, doubled slashes and `..` cannot pass for something
 * else. A request a member may make is one of the routes below; everything else is refused.
 */
import { businessOfDb } from './names';

export type Route =
  | { kind: 'root' }
  | { kind: 'session' }
  | { kind: 'db'; db: string; business: string; what: DbRoute; id?: string };

/** The database routes sign-in and sync need. */
export type DbRoute = 'info' | 'changes' | 'all_docs' | 'bulk_docs' | 'bulk_get' | 'revs_diff' | 'ensure_full_commit' | 'local' | 'design' | 'doc';

const METHODS: Record<DbRoute, string[]> = {
  info: ['GET', 'HEAD'],
  changes: ['GET', 'POST'],
  all_docs: ['GET', 'POST'],
  bulk_docs: ['POST'],
  bulk_get: ['POST'],
  revs_diff: ['POST'],
  ensure_full_commit: ['POST'],
  local: ['GET', 'HEAD', 'PUT', 'DELETE'],
  // Design documents are read by replication; only the server writes them.
  design: ['GET', 'HEAD'],
  doc: ['GET', 'HEAD', 'PUT', 'DELETE'],
};

const SPECIAL: Record<string, DbRoute> = {
  _changes: 'changes',
  _all_docs: 'all_docs',
  _bulk_docs: 'bulk_docs',
  _bulk_get: 'bulk_get',
  _revs_diff: 'revs_diff',
  _ensure_full_commit: 'ensure_full_commit',
};

/** The path's segments, decoded; undefined when any is undecodable, empty, '.', '..' or hides a '/'. */
export function segmentsOf(rawPath: string): string[] | undefined {
  let path = rawPath.startsWith('/') ? rawPath.slice(1) : rawPath;
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') return [];
  const out: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\')) return undefined;
    out.push(segment);
  }
  return out;
}

/** The route a non-admin request names, or undefined when no member may make it. */
export function memberRoute(method: string, rawPath: string): Route | undefined {
  const s = segmentsOf(rawPath);
  if (!s) return undefined;
  if (s.length === 0) return ['GET', 'HEAD'].includes(method) ? { kind: 'root' } : undefined;
  if (s.length === 1 && s[0] === '_session') return ['GET', 'POST', 'DELETE'].includes(method) ? { kind: 'session' } : undefined;
  const db = s[0];
  const business = businessOfDb(db);
  if (!business) return undefined;
  let what: DbRoute | undefined;
  let id: string | undefined;
  if (s.length === 1) what = 'info';
  else if (s.length === 2 && SPECIAL[s[1]]) what = SPECIAL[s[1]];
  else if (s.length === 2 && !s[1].startsWith('_')) [what, id] = ['doc', s[1]];
  // _local/_security is the embedded server's security object: never a member's. Other local documents are
  // replication checkpoints, which PouchDB names '_local/' + an md5 in base64 with '+' made '_': one device in
  // 64 gets a name that starts with '_' (refusing those left that device unable ever to sync that database).
  else if (s.length === 3 && s[1] === '_local' && isCheckpointName(s[2])) [what, id] = ['local', `_local/${s[2]}`];
  else if (s.length === 3 && s[1] === '_design') [what, id] = ['design', `_design/${s[2]}`];
  if (!what || !METHODS[what].includes(method)) return undefined;
  return { kind: 'db', db, business, what, id };
}

/** A local document name a member may use: anything plain, or a '_'-led checkpoint name, never `_security`. */
function isCheckpointName(name: string): boolean {
  if (!name.startsWith('_')) return true;
  return name !== '_security' && /^[A-Za-z0-9._=-]+$/.test(name);
}
