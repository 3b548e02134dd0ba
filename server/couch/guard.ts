/**
 * The route allowlist in front of the CouchDB endpoint (embedded or proxied). The database admin (HTTP Basic
 * with the admin's password: the server's own API) passes; everyone else reaches only what sign-in and sync
 * need, on business databases only. Everything else (_config, _node/x/_config, _all_dbs, _replicate, _users,
 * database creation and deletion, design documents, _security) answers 403 before express-pouchdb sees it:
 * a non-admin PUT /newdb would otherwise crash the process.
 */
import { timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { businessOfDb } from './names';

type Rule = { methods: string[]; path: RegExp };

const DOC = '(?!_)[^/]+';
const RULES: Rule[] = [
  { methods: ['GET', 'HEAD'], path: /^\/$/ },
  { methods: ['GET', 'POST', 'DELETE'], path: /^\/_session$/ },
  { methods: ['GET', 'HEAD'], path: /^\/[^/_][^/]*\/?$/ },
  { methods: ['GET', 'POST'], path: /^\/[^/]+\/_(?:changes|all_docs)$/ },
  { methods: ['POST'], path: /^\/[^/]+\/_(?:bulk_docs|bulk_get|revs_diff|ensure_full_commit)$/ },
  { methods: ['GET', 'PUT', 'DELETE'], path: /^\/[^/]+\/_local\/[^/]+$/ },
  { methods: ['GET', 'HEAD'], path: /^\/[^/]+\/_design\/[^/]+$/ },
  { methods: ['GET', 'HEAD', 'PUT', 'DELETE'], path: new RegExp(`^/[^/]+/${DOC}$`) },
];

function sameSecret(a: string, b: string): boolean {
  const x = new Uint8Array(Buffer.from(a));
  const y = new Uint8Array(Buffer.from(b));
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isAdminRequest(req: express.Request, name: string, password: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 && decoded.slice(0, colon) === name && sameSecret(decoded.slice(colon + 1), password);
}

/** True when a non-admin may make this request (path relative to the endpoint's mount point). */
export function allowedForMember(method: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded !== '/' && !decoded.startsWith('/_session')) {
    const db = decoded.split('/')[1] ?? '';
    if (!businessOfDb(db)) return false;
  }
  return RULES.some((r) => r.methods.includes(method) && r.path.test(path.replace(/\/$/, '') || '/'));
}

export function couchGuard(adminName: string, adminPassword: string): express.RequestHandler {
  return (req, res, next) => {
    if (isAdminRequest(req, adminName, adminPassword) || allowedForMember(req.method, req.path)) return next();
    res.status(403).json({ error: 'forbidden', reason: 'This route is not available.' });
  };
}

/**
 * No cross-origin use with credentials: a request from another origin is refused, and the session cookie is
 * SameSite=Strict so no other site can ride on it.
 */
export function sameOriginOnly(): express.RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        // unparseable origin: refused below
      }
      if (host !== req.headers.host) {
        res.status(403).json({ error: 'forbidden', reason: 'Cross-origin requests are not allowed.' });
        return;
      }
    }
    const cookie = res.cookie.bind(res);
    res.cookie = ((name: string, value: string, options: express.CookieOptions = {}) =>
      cookie(name, value, { ...options, sameSite: 'strict', path: '/' })) as typeof res.cookie;
    next();
  };
}
