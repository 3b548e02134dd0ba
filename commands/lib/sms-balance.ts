/**
 * The SMS unit balance, derived (DESIGN.md: no shared counters): the credits the server wrote minus the units of
 * every message that was not refused. The device and the server compute it from the same documents.
 */
import type { SmsCreditDoc, SmsDoc } from '../docs';
import { smsUnitsNeeded } from './sms-pricing';

/** Ids of credit documents in the shared database. */
export const SMS_CREDIT_PREFIX = 'sms-credit-';
export const SMS_INITIAL_CREDIT_ID = `${SMS_CREDIT_PREFIX}initial`;
export const SMS_OPENING_CREDIT_ID = `${SMS_CREDIT_PREFIX}opening`;
export const smsPurchaseCreditId = (reference: string) => `${SMS_CREDIT_PREFIX}purchase-${reference}`;

/** The reason a message the balance could not cover is refused by the server. */
export const SMS_INSUFFICIENT_UNITS = 'insufficient units';

/** A message's units: fixed when queued; older messages without the field count by their text. */
export function smsUnitsOf(doc: Pick<SmsDoc, 'units' | 'message'>): number {
  return Number.isInteger(doc.units) && (doc.units as number) > 0 ? (doc.units as number) : smsUnitsNeeded(String(doc.message ?? ''));
}

/** What a message takes from the balance: its units, unless it failed (never sent, so never charged). */
export function smsDebit(doc: Pick<SmsDoc, 'units' | 'message' | 'status'>): number {
  return doc.status === 'failed' ? 0 : smsUnitsOf(doc);
}

export function creditUnits(doc: Pick<SmsCreditDoc, 'units'>): number {
  return Number.isFinite(doc.units) && doc.units > 0 ? Math.floor(doc.units) : 0;
}
