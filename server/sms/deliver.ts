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
 * Any document is survived: a message the dispatcher cannot send (a text that is none, no phone number) is
 * marked failed without a claim, and every time read from a document is clamped (./times.ts), so a retry_at a
 * month ahead or a claim from the future never becomes a timer Node cannot hold. The sender is the
 * business's own (./sender.ts), whatever the document says.
 */
import type { SmsDoc } from '../../commands/docs';
import { normalisePhone } from '../../commands/lib/phone';
import { SMS_MAX_CHARS } from '../../commands/lib/sms';
import { SMS_INSUFFICIENT_UNITS, smsUnitsOf } from '../../commands/lib/sms-balance';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';
import { reserveUnits, settleUnits } from './budget';
import { senderOf } from './sender';
import { MAX_TIMER_MS } from './times';
import type { SendResult, SmsProvider } from './types';

export const SMS_INTERRUPTED = 'sending was interrupted; it may not have been delivered';
export const SMS_NOT_A_PHONE = 'the recipient is not a phone number';
export const SMS_NOT_A_TEXT = `the message is not a text of 1 to ${SMS_MAX_CHARS} characters`;

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
  /** How soon a business's changes are read after a write whose messages the feed named (./follower.ts; default 2 s). */
  catchUpMs?: number;
};

/** Undefined when the message is settled (or not this dispatcher's business now); else when to look again. */
export type DeliverResult = { retryAt?: number };

/** The longest wait the dispatcher's own back-off sets (a retry time beyond it was not set by a dispatcher). */
export function retryWindow(o: Pick<DispatchOptions, 'retryMs' | 'maxAttempts'>): number {
  return Math.min(o.retryMs * 2 ** Math.max(0, o.maxAttempts), MAX_TIMER_MS);
}

async function write(o: DispatchOptions, db: string, doc: SmsDoc): Promise<SmsDoc | undefined> {
  const res = await o.couch.request<{ rev?: string }>('PUT', `/${encodeURIComponent(db)}/${encodeURIComponent(doc._id)}`, doc);
  if (res.status === 409) return undefined;
  if (res.status >= 300) throw new Error(`SMS ${doc._id}: writing ${doc.status} answered ${res.status}`);
  return { ...doc, _rev: res.body.rev };
}

async function send(o: DispatchOptions, business: string, doc: SmsDoc, recipient: string): Promise<SendResult> {
  try {
    return await o.provider.send({ id: doc._id, sender: await senderOf(o.couch, business), recipient, message: doc.message });
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
    // A claim time that is no number counts as long past, one from the future as now.
    const at = typeof claim?.at === 'number' && Number.isFinite(claim.at) ? Math.min(claim.at, now) : 0;
    if (claim && claim.by !== o.by && now - at < o.leaseMs) return { retryAt: at + o.leaseMs };
    await settleUnits(o.couch, business, id, false);
    await write(o, db, { ...withoutClaim(doc), status: 'failed', reason: SMS_INTERRUPTED });
    return {};
  }
  // What no provider can take is settled at once, without units or a claim (only an admin can write it now,
  // or a device before the server checked; older messages with a national number are sent normalised).
  const recipient = normalisePhone(doc.recipient);
  const text = typeof doc.message === 'string' && doc.message.trim() !== '' && doc.message.length <= SMS_MAX_CHARS;
  if (!recipient || !text) {
    await write(o, db, { ...withoutClaim(doc), status: 'failed', reason: recipient ? SMS_NOT_A_TEXT : SMS_NOT_A_PHONE });
    return {};
  }
  // A retry time beyond any back-off this dispatcher sets is none of its own: the message is due now.
  const retryAt = doc.retry_at;
  if (typeof retryAt === 'number' && retryAt > now && retryAt <= now + retryWindow(o)) return { retryAt };

  const claimed = await write(o, db, { ...doc, status: 'sending', claim: { by: o.by, run: o.run, at: now } });
  if (!claimed) return {};
  const units = smsUnitsOf(doc);
  if ((await reserveUnits(o.couch, business, id, units, now)) === 'insufficient') {
    await write(o, db, { ...withoutClaim(claimed), status: 'failed', reason: SMS_INSUFFICIENT_UNITS });
    return {};
  }
  const result = await send(o, business, claimed, recipient);
  if (result.ok) {
    await write(o, db, { ...withoutClaim(claimed), status: 'sent', provider_id: result.providerId, sent_at: o.clock(), reason: undefined });
    await settleUnits(o.couch, business, id, true);
    return {};
  }
  // Units go back before the message leaves 'sending': a crash in between leaves an interrupted message
  // (failed, refunded once by the idempotent settle), never a refund lost.
  await settleUnits(o.couch, business, id, false);
  const attempts = (Number.isInteger(doc.attempts) && doc.attempts! > 0 ? doc.attempts! : 0) + 1;
  if (result.temporary && attempts < o.maxAttempts) {
    const retryAt = o.clock() + o.retryMs * 2 ** (attempts - 1);
    await write(o, db, { ...withoutClaim(claimed), status: 'queued', attempts, retry_at: retryAt, reason: result.reason });
    return { retryAt };
  }
  await write(o, db, { ...withoutClaim(claimed), status: 'failed', attempts, reason: result.reason });
  return {};
}
