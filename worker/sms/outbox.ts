/**
 * Queues an SMS (document 000 section 7): a {sender, recipient, message} document in the outbox carrying its
 * units (message length / 160, rounded up). The balance is derived (worker/sms/book.ts), so queueing writes
 * only the message: nothing is decremented, and two offline devices never overwrite each other. When the
 * units needed exceed the balance this device knows, nothing is queued and the caller gets the spec's text:
 * the toast 'SMS units has been exhausted', or for a stock transfer with no credits at all the alert
 * 'Message cannot be sent. SMS Credits exhausted'. The server's dispatcher has the last word (it marks a
 * message 'insufficient units' when two devices spent the same units offline).
 *
 * Callers run inside a write command (the registry's write queue), so two messages from one device never
 * both pass the check against the same units. A failure here never undoes the caller's operation.
 */
import type { SmsDoc, UserStamp } from '../../commands/docs';
import { SMS_MESSAGES, SMS_SENDER_MAX } from '../../commands/lib/sms';
import { smsUnitsNeeded } from '../../commands/lib/sms-pricing';
import type { Ctx } from '../context';
import { smsBalance } from './book';

export type SmsKind = 'sale' | 'payment' | 'adjustment' | 'transfer' | 'return';

export type SmsRequest = { recipient: string; message: string; user: UserStamp; kind: SmsKind; ref?: string };
/** Queued (its id), or not, with the spec's text to show: `alert` means a browser alert, else a toast. */
export type SmsOutcome = { id: string } | { notice: string; alert?: true };

/** The sender ID: the setting, else the business name, cut to the spec's 11 characters. */
async function senderOf(ctx: Ctx): Promise<string> {
  const configured = (await ctx.config()).smsSender.trim();
  return (configured || ctx.session()?.businessName || 'Oja').slice(0, SMS_SENDER_MAX);
}

export async function queueSms(ctx: Ctx, req: SmsRequest): Promise<SmsOutcome> {
  try {
    // A template whose placeholders all came out empty: nothing worth a unit to send.
    if (!req.message.trim()) return { notice: SMS_MESSAGES.emptyMessage };
    const units = smsUnitsNeeded(req.message);
    const balance = await smsBalance(ctx);
    if (req.kind === 'transfer' && balance <= 0) return { notice: SMS_MESSAGES.creditsExhausted, alert: true };
    if (units > balance) return { notice: SMS_MESSAGES.unitsExhausted };
    const doc: SmsDoc = {
      _id: ctx.newId('sms'),
      stores: 'sms',
      sender: await senderOf(ctx),
      recipient: req.recipient,
      message: req.message,
      units,
      status: 'queued',
      kind: req.kind,
      date: ctx.clock(),
      user: req.user,
      ...(req.ref ? { ref: req.ref } : {}),
    };
    await ctx.db.main.put(doc as never);
    return { id: doc._id };
  } catch (e) {
    // The operation is already saved; the message is what is lost, and the person is told.
    console.error('queueing an SMS failed', e);
    return { notice: SMS_MESSAGES.queueFailed };
  }
}
