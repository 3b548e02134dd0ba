/**
 * Audit entries for the actions the server itself carries out (commands/audit-docs.ts): a staff member's role
 * change, a device's revocation and a manager's credit approval happen in this API, not in a till's worker, so the server writes their entry
 * into the business's main database as the database admin, stamped with the owner who asked and the browser
 * they asked from. The entry syncs to the owner's tills like any other. A failure to write it is logged and the
 * action stands (it already took effect in the directory; undoing a revocation would be worse).
 */
import type express from 'express';
import { randomBytes } from 'node:crypto';
import { auditId, type AuditChange, type AuditDoc } from '../../commands/audit-docs';
import type { UserStamp } from '../../commands/base-doc';
import { deviceLabel } from '../../commands/devices';
import { LOGIN_PREFIX } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';
import { getBusiness, staffKey, type StaffRecord } from './directory';
import { DIRECTORY_DB } from '../couch/names';
import type { Caller } from './session';

async function fullNameOf(couch: CouchClient, who: Caller, username: string): Promise<string> {
  const business = await getBusiness(couch, who.business);
  if (business?.username === username) return business.owner;
  const staff = await couch.get<StaffRecord>(DIRECTORY_DB, staffKey(who.business, username));
  return staff?.full_name ?? username;
}

/**
 * `who` is the signed-in caller, or the stamp of whoever the server checked instead (a manager's credit
 * approval, proved by their password at the cashier's till).
 */
export async function writeServerAudit(
  couch: CouchClient,
  req: express.Request,
  who: Caller | UserStamp,
  business: string,
  now: number,
  entry: Pick<AuditDoc, 'action' | 'target'> & { changes: AuditChange[]; note?: string },
): Promise<void> {
  try {
    const device = deviceLabel(String(req.headers['user-agent'] ?? ''));
    let user: UserStamp;
    if ('username' in who) user = who;
    else {
      const username = who.name.startsWith(LOGIN_PREFIX) ? who.name.slice(LOGIN_PREFIX.length) : who.name;
      user = { username, fullname: await fullNameOf(couch, who, username), level: who.level };
    }
    const doc: AuditDoc = {
      _id: auditId(now, 'server', randomBytes(4).toString('hex')),
      stores: 'audit',
      date: now,
      user,
      device,
      ...entry,
    };
    await couch.put(businessDb(business, 'main'), doc);
  } catch (e) {
    console.error('audit entry not written:', e instanceof Error ? e.message : e);
  }
}
