/**
 * Delivering one message, safely when several dispatcher processes share one CouchDB and when a process dies
 * at any point:
 *   1. claim: the message goes 'queued' → 'sending' with a revision-checked write; a 409 means another
 *      process (or a newer state) has it, and this one lets go. Only one claim of a queued state ever wins.
 *   2. reserve its units against the business's budget (server/sms/budget.ts); too few → 'failed',
 *      'insufficient units' (two devices spent the same units offline: the server has the last word).
 *   3. send through the provider, then record 'sent' with the provider's id, or on a temporary failure put
 *      it back to 'queued' with retry_at (back-off doubling from SMS_RETRY_MS) until SMS_MAX_ATTEMPTS, then
 *      'failed' with the provider's reason. Units go back on any failure.
 * A message found 'sending' under a claim of this dispatcher from an earlier run, or of another dispatcher
 * past the lease, was interrupted mid-send: whether it left is unknown, so it is marked failed, never sent
 * again (at most once: 'never sends twice' wins over delivering).
 */
import type { SmsDoc } from '../../commands/docs';
import { SMS_INSUFFICIENT_UNITS, smsUnitsOf } from '../../commands/lib/sms-balance';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';
import { reserveUnits, settleUnits } from './budget';
import type { SendResult, SmsProvider } from './types';

export const SMS_INTERRUPTED = 'sending was interrupted; it may not have been delivered';

export type DispatchOptions = {
  couch: CouchClient;
  provider: SmsProvider;
  clock: () => number;
  /** This dispatcher (stable across restarts) and this run of it. */
  by: string;
  run: string;
  maxAttempts: number;
  retryMs: number;
  /** How long another dispatcher's claim is trusted before the message counts as interrupted. */
  leaseMs: number;
};

/** Undefined when the message is settled (or not this dispatcher's business now); else when to look again. */
export type DeliverResult = { retryAt?: number };

async function write(o: DispatchOptions, db: string, doc: SmsDoc): Promise<SmsDoc | undefined> {
  const res = await o.couch.request<{ rev?: string }>('PUT', `/${encodeURIComponent(db)}/${encodeURIComponent(doc._id)}`, doc);
  if (res.status === 409) return undefined;
  if (res.status >= 300) throw new Error(`SMS ${doc._id}: writing ${doc.status} answered ${res.status}`);
  return { ...doc, _rev: res.body.rev };
}

async function send(o: DispatchOptions, doc: SmsDoc): Promise<SendResult> {
  try {
    return await o.provider.send({ id: doc._id, sender: doc.sender, recipient: doc.recipient, message: doc.message });
  } catch (e) {
    return { ok: false, temporary: true, reason: e instanceof Error ? e.message : String(e) };
  }
}

function withoutClaim(doc: SmsDoc): SmsDoc {
  const { claim: _claim, retry_at: _retry, ...rest } = doc;
  return rest;
}

export async function deliver(o: DispatchOptions, business: string, id: string): Promise<DeliverResult> {
  const db = businessDb(business, 'main');
  const doc = await o.couch.get<SmsDoc>(db, id);
  if (!doc || doc._deleted || doc.stores !== 'sms') return {};
  const now = o.clock();
  if (doc.status === 'sent' || doc.status === 'failed') {
    // Settles a reservation left behind by a process killed between recording and settling (no-op otherwise).
    await settleUnits(o.couch, business, id, doc.status === 'sent');
    return {};
  }
  if (doc.status === 'sending') {
    const claim = doc.claim;
    if (claim?.run === o.run) return {};
    if (claim && claim.by !== o.by && now - claim.at < o.leaseMs) return { retryAt: claim.at + o.leaseMs };
    await settleUnits(o.couch, business, id, false);
    await write(o, db, { ...withoutClaim(doc), status: 'failed', reason: SMS_INTERRUPTED });
    return {};
  }
  if (doc.retry_at && doc.retry_at > now) return { retryAt: doc.retry_at };

  const claimed = await write(o, db, { ...doc, status: 'sending', claim: { by: o.by, run: o.run, at: now } });
  if (!claimed) return {};
  const units = smsUnitsOf(doc);
  if ((await reserveUnits(o.couch, business, id, units, now)) === 'insufficient') {
    await write(o, db, { ...withoutClaim(claimed), status: 'failed', reason: SMS_INSUFFICIENT_UNITS });
    return {};
  }
  const result = await send(o, claimed);
  if (result.ok) {
    await write(o, db, { ...withoutClaim(claimed), status: 'sent', provider_id: result.providerId, sent_at: o.clock(), reason: undefined });
    await settleUnits(o.couch, business, id, true);
    return {};
  }
  // Units go back before the message leaves 'sending': a crash in between leaves an interrupted message
  // (failed, refunded once by the idempotent settle), never a refund lost.
  await settleUnits(o.couch, business, id, false);
  const attempts = (doc.attempts ?? 0) + 1;
  if (result.temporary && attempts < o.maxAttempts) {
    const retryAt = o.clock() + o.retryMs * 2 ** (attempts - 1);
    await write(o, db, { ...withoutClaim(claimed), status: 'queued', attempts, retry_at: retryAt, reason: result.reason });
    return { retryAt };
  }
  await write(o, db, { ...withoutClaim(claimed), status: 'failed', attempts, reason: result.reason });
  return {};
}
