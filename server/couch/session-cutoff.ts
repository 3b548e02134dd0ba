/**
 * Per-user session cut-offs: revoking a device must stop it at once, but CouchDB's AuthSession cookie names only
 * the user and the second it was issued (base64url of 'name:HEXSECONDS:hmac'), not the device. So a revoke
 * records, for that user, the time before which no cookie counts any more (`session-cutoff:{name}` in the
 * admin-only directory), and every caller of /db and /api with an older cookie is treated as signed out. The
 * user's other devices meet a 401 and renew with their own credential (a cookie issued after the cut-off); the
 * revoked one cannot renew. Kept in memory for a few seconds per user; the process that records a cut-off
 * knows it at once (other servers in front of the same COUCH_URL within CUTOFF_TTL_MS).
 */
import type express from 'express';
import { LOGIN_PREFIX } from '../../commands/session';
import type { CouchClient, UserCtx } from './client';
import { DIRECTORY_DB } from './names';

export type CutoffRecord = { _id: string; _rev?: string; type: 'session-cutoff'; name: string; after: number };

const CUTOFF_TTL_MS = 5000;
const MAX_ENTRIES = 5000;

export const cutoffKey = (name: string) => `session-cutoff:${name}`;

/** The name and second a CouchDB AuthSession cookie names, or undefined when it is not one. */
export function cookieIssue(cookie: string): { name: string; seconds: number } | undefined {
  try {
    const parts = Buffer.from(cookie, 'base64url').toString('latin1').split(':');
    const seconds = parseInt(parts[1] ?? '', 16);
    return parts.length >= 3 && parts[0] && Number.isFinite(seconds) ? { name: parts[0], seconds } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first issue second a cookie may carry after a cut-off at `after` (ms). CouchDB rounds the issue time to
 * the nearest second, so a cookie issued before the cut-off carries at most round(after / 1000): anything
 * issued later than half a second before the next whole second counts.
 */
export function firstValidSecond(after: number): number {
  return Math.floor((after + 500) / 1000) + 1;
}

export class SessionCutoffs {
  private cache = new Map<string, { after: number; until: number }>();
  private readonly listeners: ((name: string, after: number) => void)[] = [];

  constructor(private readonly couch: CouchClient) {}

  /** The user's cut-off in ms (0: none). */
  async after(name: string): Promise<number> {
    const hit = this.cache.get(name);
    if (hit && hit.until > Date.now()) return hit.after;
    const record = await this.couch.get<CutoffRecord>(DIRECTORY_DB, cutoffKey(name));
    const after = record?.after ?? 0;
    this.remember(name, after);
    return after;
  }

  /** The cut-off last read or recorded for the user, without asking (0: none known). */
  known(name: string): number {
    return this.cache.get(name)?.after ?? 0;
  }

  /**
   * Records a cut-off at `at` ms for the user (later cut-offs only move it forward). Known to this process
   * before the record is written: a request admitted while the write is on its way would be stamped a refresh
   * after `at` and keep the cut-off user signed in (a revoked device went on pushing, tests/server/device-sync).
   */
  async cut(name: string, at: number): Promise<number> {
    this.remember(name, Math.max(this.known(name), at));
    for (const listener of this.listeners) listener(name, this.known(name));
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.couch.get<CutoffRecord>(DIRECTORY_DB, cutoffKey(name));
      const after = Math.max(existing?.after ?? 0, at);
      const res = await this.couch.request('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(cutoffKey(name))}`, {
        _id: cutoffKey(name),
        ...(existing?._rev ? { _rev: existing._rev } : {}),
        type: 'session-cutoff',
        name,
        after,
      } satisfies CutoffRecord);
      if (res.status < 300) {
        this.remember(name, after);
        return after;
      }
      if (res.status !== 409) throw new Error(`recording a session cut-off: ${res.status}`);
    }
    throw new Error('recording a session cut-off: too many conflicts');
  }

  /** Told of each cut-off as it is made (./feeds.ts ends the user's open feeds). */
  onCut(listener: (name: string, after: number) => void): void {
    this.listeners.push(listener);
  }

  /** False when `cookie` was issued before its user's cut-off (admins and other credentials pass). */
  async admits(cookie: string | undefined, ctx: UserCtx): Promise<boolean> {
    if (!cookie || !ctx.name || !ctx.name.startsWith(LOGIN_PREFIX) || ctx.roles.includes('_admin')) return true;
    const after = await this.after(ctx.name);
    if (!after) return true;
    const issued = cookieIssue(cookie)?.seconds;
    return issued !== undefined && issued >= firstValidSecond(after);
  }

  private remember(name: string, after: number): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(name, { after, until: Date.now() + CUTOFF_TTL_MS });
  }
}

const byClient = new WeakMap<CouchClient, SessionCutoffs>();

/** One set of cut-offs per admin client, so the API that records one and the /db gate that checks it agree. */
export function cutoffsOf(couch: CouchClient): SessionCutoffs {
  let cutoffs = byClient.get(couch);
  if (!cutoffs) {
    cutoffs = new SessionCutoffs(couch);
    byClient.set(couch, cutoffs);
  }
  return cutoffs;
}

/**
 * In front of /db: GET /_session with a cookie cut off answers signed out, as for an expired cookie, instead of
 * the name CouchDB would still give (the app and the worker ask it to decide whether to renew; only the cookie's
 * own name and second are read, and a forged cookie answering 'signed out' costs nothing). And the embedded
 * database's refresh of a cookie on each request (issued "now", rounded to the second) is not passed on while it
 * would fall before its user's cut-off: in the second after a revoke, the fresh cookie a device just renewed
 * would otherwise be swapped for one refused at its next request.
 */
export function sessionCutoffGate(couch: () => CouchClient): express.RequestHandler {
  return (req, res, next) => {
    const setCookie = res.cookie.bind(res);
    res.cookie = ((name: string, value: string, options: express.CookieOptions = {}) => {
      const issue = name === 'AuthSession' ? cookieIssue(value) : undefined;
      const after = issue ? cutoffsOf(couch()).known(issue.name) : 0;
      if (issue && after && issue.seconds < firstValidSecond(after)) return res;
      return setCookie(name, value, options);
    }) as typeof res.cookie;
    // The same check when the head goes out: a long-poll admitted before a revoke carries the refresh made at
    // its start, and answering after the cut-off it replaced the fresh cookie the revoke had just given the
    // owner's browser (its device list then said 'Please log in again').
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: unknown[]) {
      dropCutCookies(res, couch());
      return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
    } as typeof res.writeHead;
    if (req.method !== 'GET' || req.path.replace(/\/+$/, '') !== '/_session') return next();
    const cookie = /(?:^|;\s*)AuthSession=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const issue = cookie ? cookieIssue(cookie) : undefined;
    // Cut-offs are for the app's logins only; the server's own admin client asks /_session too (reading a
    // cut-off goes through that client: asking it here would wait on itself).
    if (!issue || !issue.name.startsWith(LOGIN_PREFIX) || req.headers.authorization) return next();
    cutoffsOf(couch())
      .after(issue.name)
      .then(
        (after) => {
          if (!after || issue.seconds >= firstValidSecond(after)) return next();
          res.json({ ok: true, userCtx: { name: null, roles: [] }, info: { authentication_handlers: ['cookie', 'default'] } });
        },
        (err: unknown) => next(err),
      );
  };
}

/** Takes out of the answer's Set-Cookie any AuthSession cookie issued before its user's known cut-off. */
function dropCutCookies(res: express.Response, couch: CouchClient): void {
  const header = res.getHeader('Set-Cookie');
  if (!header) return;
  const all = Array.isArray(header) ? header.map(String) : [String(header)];
  const kept = all.filter((c) => {
    const value = /^AuthSession=([^;]*)/.exec(c)?.[1];
    const issue = value ? cookieIssue(value) : undefined;
    const after = issue ? cutoffsOf(couch).known(issue.name) : 0;
    return !(issue && after && issue.seconds < firstValidSecond(after));
  });
  if (kept.length === all.length) return;
  if (kept.length) res.setHeader('Set-Cookie', kept);
  else res.removeHeader('Set-Cookie');
}
