/** Who is calling the API: the AuthSession cookie, checked by the database server itself. */
import type express from 'express';
import type { RoleLevel } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import { membershipOf, type Membership } from '../couch/roles';
import { cutoffsOf } from '../couch/session-cutoff';
import { ApiError, authCookie } from './http';
import { getBusiness } from './directory';

export type Caller = Membership & { name: string };

export async function caller(couch: CouchClient, req: express.Request): Promise<Caller> {
  const cookie = authCookie(req);
  const ctx = await couch.sessionOf(cookie);
  const membership = ctx.name ? membershipOf(ctx.roles) : undefined;
  // A cookie issued before its user's session cut-off (a revoked device) is signed out here as on /db.
  if (!ctx.name || !membership || !(await cutoffsOf(couch).admits(cookie, ctx))) throw new ApiError(401, 'unauthenticated', 'Please log in again.');
  return { ...membership, name: ctx.name };
}

/**
 * The caller, when they may act on `business` at one of `levels`: its members by level, and the owners of its
 * parent business (a branch) as level 0. Anyone else gets 403 'unauthorized'.
 */
export async function callerFor(couch: CouchClient, req: express.Request, business: string, levels: RoleLevel[]): Promise<Caller> {
  const who = await caller(couch, req);
  if (who.business === business && levels.includes(who.level)) return who;
  if (who.owner && levels.includes(0)) {
    const target = await getBusiness(couch, business);
    if (target?.branch?.of === who.business) return { ...who, level: 0 };
  }
  throw new ApiError(403, 'unauthorized', 'unauthorized');
}
