/**
 * When each device last synced, for the owner's device list: the worker names its device in a header
 * (DEVICE_HEADER) on its /db requests, and once the gate has admitted such a request to a business database and
 * it succeeded, that device's record gets last_seen, at most once a minute per device. A cookie names its user,
 * not its device, so the header is only a hint: it can move last_seen of the caller's own devices, nothing else.
 */
import type express from 'express';
import { DEVICE_HEADER } from '../../commands/devices';
import { LOGIN_PREFIX } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import type { GuardedRequest } from '../couch/guard';
import { cookieIssue } from '../couch/session-cutoff';
import { deviceOf, touchDevice } from './devices';
import { authCookie } from './http';

export const SEEN_EVERY_MS = 60_000;
const MAX_ENTRIES = 10_000;

export function deviceSeen(couch: () => CouchClient, clock: () => number = Date.now): express.RequestHandler {
  const seen = new Map<string, number>();
  return (req, res, next) => {
    const device = req.headers[DEVICE_HEADER.toLowerCase()];
    const cookie = authCookie(req);
    if (typeof device !== 'string' || !cookie) return next();
    res.once('finish', () => {
      // Only a request the gate let into a business database (so a valid, not cut-off cookie) that succeeded.
      if (res.statusCode >= 400 || (req as GuardedRequest).couchRoute?.kind !== 'db') return;
      const now = clock();
      if (now - (seen.get(device) ?? 0) < SEEN_EVERY_MS) return;
      if (seen.size >= MAX_ENTRIES) seen.clear();
      seen.set(device, now);
      const name = cookieIssue(cookie)?.name ?? '';
      if (!name.startsWith(LOGIN_PREFIX)) return;
      void deviceOf(couch(), name.slice(LOGIN_PREFIX.length), device)
        .then((found) => (found && !found.record.revoked ? touchDevice(couch(), found.record, now) : undefined))
        .catch(() => undefined);
    });
    next();
  };
}
