/**
 * The server's own password checks (the guard asking who a Basic-auth caller is, /api/login-name and
 * /api/change-password checking a password) go to the embedded database over HTTP, through the same /db
 * endpoint. They carry this process's random token so the throttle there lets them by: each was already
 * counted where it started, and the guard's own question must not recurse into the guard.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type express from 'express';

export const INTERNAL_HEADER = 'x-oja-internal';
export const INTERNAL_TOKEN = randomBytes(24).toString('hex');

export function isInternal(req: express.Request): boolean {
  const given = req.headers[INTERNAL_HEADER];
  if (typeof given !== 'string' || given.length !== INTERNAL_TOKEN.length) return false;
  return timingSafeEqual(new Uint8Array(Buffer.from(given)), new Uint8Array(Buffer.from(INTERNAL_TOKEN)));
}
