/**
 * The gate in front of the CouchDB endpoint (embedded or proxied). The database admin (HTTP Basic with the
 * admin's password: the server's own API) passes; everyone else reaches only the routes of ./route.ts, and
 * on a business database only as one of its members (checked here for every route, reads included:
 * express-pouchdb runs _bulk_get without the caller's context, as admin). Bodies are read here, after the
 * caller is known and within a size limit, then handed on parsed (embedded) or as read (proxy).
 */
import { timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { docDepthOf, parseDbBody, parseSession, readRaw, Refusal } from './body';
import { JsonShape } from './json-shape';
import type { Callers } from './caller';
import type { UserCtx } from './client';
import { MAX_ANONYMOUS_BODY_BYTES } from './limits';
import { bodyLimit, boundQuery } from './query-bounds';
import { memberRoute, type Route } from './route';

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

const HAS_BODY = new Set(['POST', 'PUT']);

/** The request as the route it names, for handlers after the guard (undefined for the admin). */
/** `couchCaller`: who a database request comes from, once admitted (./hide-design.ts reads their level). */
export type GuardedRequest = express.Request & { couchRoute?: Route; rawBody?: Buffer; couchCaller?: UserCtx };

export function couchGuard(adminName: string, adminPassword: string, callers: Callers): express.RequestHandler {
  return (req, res, next) => {
    if (isAdminRequest(req, adminName, adminPassword)) return next();
    const route = memberRoute(req.method, req.path);
    if (!route) {
      res.status(403).json({ error: 'forbidden', reason: 'This route is not available.' });
      return;
    }
    admit(req as GuardedRequest, res, route, callers).then(
      () => next(),
      (err: unknown) => {
        if (res.headersSent) return;
        if (err instanceof Refusal) res.status(err.status).json({ error: err.error, reason: err.reason });
        else next(err);
      },
    );
  };
}

async function admit(req: GuardedRequest, res: express.Response, route: Route, callers: Callers): Promise<void> {
  req.couchRoute = route;
  const contentType = req.headers['content-type'] ?? '';
  if (route.kind === 'root') return;
  if (route.kind === 'session') {
    if (req.method !== 'POST') return;
    const raw = await readRaw(req, res, MAX_ANONYMOUS_BODY_BYTES);
    take(req, raw, parseSession(raw, contentType));
    return;
  }
  // Who is asking is settled from the headers alone, before a byte of the body is read.
  const caller = await callers.of(req);
  if (!caller.name) throw new Refusal(401, 'unauthorized', 'Please sign in.');
  if (!(await callers.isMember(route.db, caller))) throw new Refusal(403, 'forbidden', 'You are not a member of this business.');
  req.couchCaller = caller;
  boundQuery(req, route.what);
  if (!HAS_BODY.has(req.method)) return;
  const shape = /json/i.test(contentType) ? new JsonShape(docDepthOf(route.what)) : undefined;
  const raw = await readRaw(req, res, bodyLimit(route.what), shape);
  take(req, raw, parseDbBody(route.what, raw, contentType, route.id, req.query as Record<string, unknown>, shape !== undefined));
}

/** Hands the parsed body on: express-pouchdb's parsers skip a request whose body is already read. */
function take(req: GuardedRequest, raw: Buffer, body: Record<string, unknown>): void {
  req.rawBody = raw;
  req.body = body;
  (req as { _body?: boolean })._body = true;
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
