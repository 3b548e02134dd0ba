/**
 * The /db endpoint's password checks under the throttle (server/login/throttle.ts):
 * - HTTP Basic credentials on any /db route (a second guessing route beside sign-in): checked here, before the
 *   guard, through the database's own /_session; a wrong pair is answered 401 and counted.
 * - POST /_session (sign-in): after the guard has read the body, the name and address are checked against
 *   the throttle, and the answer the database gives is counted (200 clears the account, 401 counts).
 * Both run the dummy hash for a name the database would answer without hashing (server/login/even-timing.ts).
 * The database admin's Basic credentials and this server's own checks (server/login/internal.ts) pass; any other
 * attempt at the admin's name is refused here, never asked of the database.
 */
import type express from 'express';
import { dummyHash, evenTiming } from '../login/even-timing';
import { isInternal } from '../login/internal';
import { tooManyMessage, type LoginThrottle } from '../login/throttle';
import type { Callers } from './caller';
import type { CouchClient } from './client';
import { cutoffsOf, firstValidSecond } from './session-cutoff';
import { isAdminRequest, type GuardedRequest } from './guard';

export type LoginGuardDeps = {
  throttle: LoginThrottle;
  couch: () => CouchClient;
  callers: Callers;
  iterations: number;
  adminName: string;
  adminPassword: string;
  /** Behind COUCH_URL the answer is piped through as it comes: the dummy hash must run before it is asked. */
  proxied: boolean;
};

export const addressOf = (req: express.Request) => req.socket.remoteAddress ?? '';

/** 429 with Retry-After; `reason` for CouchDB clients, `message` for the sign-in screen. */
export function tooMany(res: express.Response, seconds: number): void {
  const text = tooManyMessage(seconds);
  res.status(429).set('Retry-After', String(seconds)).json({ error: 'too_many_requests', reason: text, message: text });
}

function basicName(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? decoded : decoded.slice(0, colon);
}

/**
 * The database admin is not a person's account: its sign-in is not offered through /db. A guess at its password
 * never reaches the database (whose own lockout would otherwise shut this server out of it: every request comes
 * from this server's address) and is answered as a wrong password, in the same time, and counted.
 */
async function refuseAdmin(d: LoginGuardDeps, name: string, address: string, res: express.Response): Promise<void> {
  await dummyHash(d.iterations);
  d.throttle.failed(name, address);
  res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' });
}

export function basicAuthThrottle(d: LoginGuardDeps): express.RequestHandler {
  return (req, res, next) => {
    const name = basicName(req.headers.authorization);
    if (name === undefined || isInternal(req) || isAdminRequest(req, d.adminName, d.adminPassword)) return next();
    const address = addressOf(req);
    const wait = d.throttle.retryAfter(name, address);
    if (wait) return tooMany(res, wait);
    if (name === d.adminName) return refuseAdmin(d, name, address, res);
    // The Basic pair alone is checked: with a cookie beside it, the database answered the cookie's user, and
    // anyone signed in counted their guesses at another account as that account's successes (issue 37, finding 7).
    d.couch().sessionFor({ authorization: req.headers.authorization }).then(
      async (ctx) => {
        if (ctx.name && ctx.name === name) {
          d.throttle.succeeded(name);
          return next();
        }
        await evenTiming(d.couch(), name, d.iterations);
        d.throttle.failed(name, address);
        res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' });
      },
      (err: unknown) => next(err),
    );
  };
}

export function sessionThrottle(d: LoginGuardDeps): express.RequestHandler {
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    if (route?.kind !== 'session' || req.method !== 'POST' || isInternal(req)) return next();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name : '';
    const address = addressOf(req);
    const wait = d.throttle.retryAfter(name, address);
    if (wait) return tooMany(res, wait);
    // This server's own admin sign-in carries the admin's Basic credentials (./client.ts); anyone else's goes no further.
    if (name === d.adminName && !isAdminRequest(req, d.adminName, d.adminPassword)) return refuseAdmin(d, name, address, res);
    // The database's answer is counted. The embedded database's refusal is held back until the dummy hash
    // has run when the name has no stored key (looked up only then: a sign-in that works costs nothing more);
    // a proxied answer streams through, so there the dummy hash runs first.
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode === 200) d.throttle.succeeded(name);
      if (res.statusCode !== 401) return end(...args);
      d.throttle.failed(name, address);
      if (d.proxied) return end(...args);
      evenTiming(d.couch(), name, d.iterations).then(
        () => end(...args),
        () => end(...args),
      );
      return res;
    }) as typeof res.end;
    const go = () => (d.proxied ? evenTiming(d.couch(), name, d.iterations).then(() => next(), next) : next());
    afterCutoff(d.couch(), name).then(go, go);
  };
}

/**
 * Resolves once a cookie issued now would pass the user's session cut-off (./session-cutoff.ts). The database
 * stamps a sign-in's cookie with the current second, which a cut-off recorded within the last ~1.5 s (the
 * account disabled and enabled again, a device of this user revoked) still refuses: the sign-in would succeed
 * and its cookie be refused at the next request. Waiting out the rest of that second (at most ~1.5 s) keeps a
 * successful sign-in a working one.
 */
async function afterCutoff(couch: CouchClient, name: string): Promise<void> {
  if (!name) return;
  const after = await cutoffsOf(couch).after(name);
  if (!after) return;
  // The cookie carries round(now / 1000): it reaches firstValidSecond once now >= that second − 500 ms.
  const wait = firstValidSecond(after) * 1000 - 500 + 20 - Date.now();
  if (wait > 0 && wait <= 2000) await new Promise((r) => setTimeout(r, wait));
}
