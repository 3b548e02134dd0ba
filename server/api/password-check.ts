/**
 * A signed-in person's password checked again (changing it, registering a device) under the password throttle
 * (server/login/throttle.ts): 429 with Retry-After while the account or the address is locked, each wrong
 * password counted, a right one clearing the account's count. A stolen session cannot guess on through these.
 */
import type express from 'express';
import { addressOf } from '../couch/login-guard';
import { tooManyMessage, type LoginThrottle } from '../login/throttle';
import type { ApiDeps } from './deps';
import { ApiError } from './http';

/** Refuses with 429 and Retry-After while this account or address is locked. */
export function notLocked(throttle: LoginThrottle, res: express.Response, account: string, address: string): void {
  const wait = throttle.retryAfter(account, address);
  if (!wait) return;
  res.set('Retry-After', String(wait));
  throw new ApiError(429, 'too-many-attempts', tooManyMessage(wait));
}

/** True when `password` is the login `name`'s; throws 429 while locked. */
export async function passwordFits(d: Pick<ApiDeps, 'couch' | 'throttle'>, req: express.Request, res: express.Response, name: string, password: string): Promise<boolean> {
  const address = addressOf(req);
  notLocked(d.throttle, res, name, address);
  const fits = await d.couch.checkPassword(name, password);
  if (fits) d.throttle.succeeded(name);
  else d.throttle.failed(name, address);
  return fits;
}
