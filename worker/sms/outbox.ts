/**
 * Queues an SMS (document 000 section 7): a {sender, recipient, message} document in the outbox carrying its
 * units (message length / 160, rounded up), the recipient in E.164 form and an empty sender (the server sends
 * under the business's sender ID). The balance is derived (worker/sms/book.ts), so queueing writes
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
import { normalisePhone, PHONE_MESSAGES } from '../../commands/lib/phone';
import { SMS_MAX_CHARS, SMS_MESSAGES } from '../../commands/lib/sms';
import { smsUnitsNeeded } from '../../commands/lib/sms-pricing';
import type { Ctx } from '../context';
import { smsBalance } from './book';
import { putDoc } from '../writes';

export type SmsKind = 'sale' | 'payment' | 'adjustment' | 'transfer' | 'return';

export type SmsRequest = { recipient: string; message: string; user: UserStamp; kind: SmsKind; ref?: string };
/** Queued (its id), or not, with the spec's text to show: `alert` means a browser alert, else a toast. */
export type SmsOutcome = { id: string } | { notice: string; alert?: true };

export async function queueSms(ctx: Ctx, req: SmsRequest): Promise<SmsOutcome> {
  try {
    // A template whose placeholders all came out empty: nothing worth a unit to send.
    if (!req.message.trim()) return { notice: SMS_MESSAGES.emptyMessage };
    // The server takes one number in E.164 form (commands/lib/phone.ts); anything else is told, not queued.
    const recipient = normalisePhone(req.recipient);
    if (!recipient) return { notice: PHONE_MESSAGES.notAPhone };
    // A sale's details can make a long text: it is cut to what the server accepts rather than lost.
    const message = req.message.length > SMS_MAX_CHARS ? req.message.slice(0, SMS_MAX_CHARS) : req.message;
    const units = smsUnitsNeeded(message);
    const balance = await smsBalance(ctx);
    if (req.kind === 'transfer' && balance <= 0) return { notice: SMS_MESSAGES.creditsExhausted, alert: true };
    if (units > balance) return { notice: SMS_MESSAGES.unitsExhausted };
    const doc: SmsDoc = {
      _id: ctx.newId('sms'),
      stores: 'sms',
      // The server's dispatcher sends under the business's sender ID as it is set when it sends
      // (server/sms/sender.ts): the document carries none, so no device can send under another name.
      sender: '',
      recipient,
      message,
      units,
      status: 'queued',
      kind: req.kind,
      date: ctx.clock(),
      user: req.user,
      ...(req.ref ? { ref: req.ref } : {}),
    };
    await putDoc(ctx.db.main, doc as never);
    return { id: doc._id };
  } catch (e) {
    // The operation is already saved; the message is what is lost, and the person is told.
    console.error('queueing an SMS failed', e);
    return { notice: SMS_MESSAGES.queueFailed };
  }
}
