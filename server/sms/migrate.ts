/**
 * Brings an existing business up to date when a dispatcher first follows it (once: its checkpoint then says
 * so, ./follower.ts): the old shared 'sms-units' counter becomes an opening credit: its balance plus the units of the
 *    messages already queued against it (they were paid for by the counter and are sent now), so the
 *    derived balance equals what the counter showed. The counter is then deleted. Idempotent: the opening
 *    credit has a fixed id, and a business that already has credits is left alone.
 */
import type { SmsDoc, SmsUnitsDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { SMS_CREDIT_PREFIX, SMS_OPENING_CREDIT_ID, smsDebit } from '../../commands/lib/sms-balance';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';
import { creditSmsUnits } from './credits';

export async function migrateSmsUnits(couch: CouchClient, business: string, now: number): Promise<void> {
  const shared = businessDb(business, 'shared');
  const counter = await couch.get<SmsUnitsDoc & { _rev: string }>(shared, 'sms-units');
  if (!counter) return;
  const credits = await couch.byPrefix<{ _id: string }>(shared, SMS_CREDIT_PREFIX);
  if (!credits.length) {
    const messages = await couch.byPrefix<SmsDoc>(businessDb(business, 'main'), ID_PREFIX.sms);
    const queued = messages.filter((m) => m.stores === 'sms').reduce((sum, m) => sum + smsDebit(m), 0);
    const units = Math.max(0, Number(counter.balance) || 0) + queued;
    await creditSmsUnits(couch, business, { id: SMS_OPENING_CREDIT_ID, units, reason: 'opening', date: now });
  }
  await couch.request('DELETE', `/${encodeURIComponent(shared)}/sms-units?rev=${encodeURIComponent(counter._rev)}`);
}
