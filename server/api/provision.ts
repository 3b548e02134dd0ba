/**
 * Creating a business on the database server: its three databases, each with its _security object and the
 * validate_doc_update design document, and the first shared documents (invoice policy, config defaults,
 * the Trial plan for 1 day, the initial credit of 10 SMS units for a new business, none for a branch). Only
 * this server code creates databases.
 */
import { CONFIG_DEFAULTS, CONFIG_DOC_PREFIX, TRIAL_DAYS, TRIAL_PLAN_NAME } from '../../commands/config';
import type { ConfigDoc, CurrentPlanDoc, InvoicePolicyDoc, SmsCreditDoc } from '../../commands/docs';
import { SMS_INITIAL_CREDIT_ID } from '../../commands/lib/sms-balance';
import type { CouchClient } from '../couch/client';
import { businessDb, DB_KINDS, DIRECTORY_DB } from '../couch/names';
import { ADMIN_ONLY_SECURITY, securityFor } from '../couch/roles';
import { validateDesignDoc } from '../couch/validate';

export const TRIAL_PLAN = { name: TRIAL_PLAN_NAME, days: TRIAL_DAYS };
export const INITIAL_SMS_UNITS = 10;

export async function ensureDirectory(couch: CouchClient): Promise<void> {
  await couch.ensureDb(DIRECTORY_DB);
  await couch.putSecurity(DIRECTORY_DB, ADMIN_ONLY_SECURITY);
}

export function invoicePolicyDoc(username: string, prefix: string): InvoicePolicyDoc {
  return { _id: `invoice-policy-${username}`, stores: 'invoice-policy', prefix, counter: 0 };
}

export async function provisionBusiness(couch: CouchClient, opts: { business: string; parent?: string; ownerUsername: string; now: number }) {
  for (const kind of DB_KINDS) {
    const db = businessDb(opts.business, kind);
    await couch.ensureDb(db);
    // Security first: an empty _security would leave the database public.
    await couch.putSecurity(db, securityFor(opts.business, opts.parent));
    await couch.put(db, validateDesignDoc());
  }
  const configDocs: ConfigDoc[] = Object.entries(CONFIG_DEFAULTS).map(([key, value]) => ({ _id: CONFIG_DOC_PREFIX + key, stores: 'config', key, value }));
  const plan: CurrentPlanDoc = { _id: 'current-plan', stores: 'current-plan', name: TRIAL_PLAN.name, from: opts.now, for: TRIAL_PLAN.days };
  // The first SMS credit (the balance is derived from credits and messages: see commands/lib/sms-balance.ts).
  const units: SmsCreditDoc = { _id: SMS_INITIAL_CREDIT_ID, stores: 'sms-credit', units: INITIAL_SMS_UNITS, reason: 'initial', date: opts.now };
  // A branch gets no free units of its own (25 branches minted 250 units): its SMS are bought for it.
  await couch.bulk(businessDb(opts.business, 'shared'), [invoicePolicyDoc(opts.ownerUsername, 'A'), ...configDocs, plan, ...(opts.parent ? [] : [units])]);
}
