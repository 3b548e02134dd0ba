/**
 * Queues an SMS (document 000 section 7): a {sender, recipient, message} document in the outbox, paid for with
 * units from the shared 'sms-units' balance (message length / 160, rounded up). When the balance is too low
 * nothing is queued and the caller gets the spec's 'SMS units has been exhausted' to show.
 * The outbox document is written first: if the units update then fails, a message went out unpaid rather than
 * units vanishing with no message; a conflicting units update (sync) is re-read and retried.
 */
import type { SmsDoc, SmsUnitsDoc, UserStamp } from '../../commands/docs';
import { SMS_MESSAGES, SMS_SENDER_MAX } from '../../commands/lib/sms';
import { smsUnitsNeeded } from '../../commands/lib/sms-pricing';
import type { Ctx } from '../context';
import { getOrUndefined } from '../db';

export type SmsRequest = { recipient: string; message: string; user: UserStamp; ref?: string };
export type SmsOutcome = { id: string } | { notice: string };

const UNITS_ID = 'sms-units';

/** The sender ID: the setting, else the business name, cut to the spec's 11 characters. */
async function senderOf(ctx: Ctx): Promise<string> {
  const configured = (await ctx.config()).smsSender.trim();
  return (configured || ctx.session()?.businessName || 'Oja').slice(0, SMS_SENDER_MAX);
}

async function takeUnits(ctx: Ctx, needed: number): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const units = await getOrUndefined<SmsUnitsDoc>(ctx.db.shared, UNITS_ID);
    // Only the server creates the balance (validate_doc_update refuses a new one): missing means none.
    if (!units || !(units.balance >= needed)) return false;
    try {
      await ctx.db.shared.put({ ...units, balance: units.balance - needed } as never);
      return true;
    } catch (e) {
      if ((e as { status?: number }).status !== 409) throw e;
    }
  }
  return false;
}

export async function queueSms(ctx: Ctx, req: SmsRequest): Promise<SmsOutcome> {
  const needed = smsUnitsNeeded(req.message);
  const units = await getOrUndefined<SmsUnitsDoc>(ctx.db.shared, UNITS_ID);
  if (!units || units.balance < needed) return { notice: SMS_MESSAGES.unitsExhausted };
  const doc: SmsDoc = {
    _id: ctx.newId('sms'),
    stores: 'sms',
    sender: await senderOf(ctx),
    recipient: req.recipient,
    message: req.message,
    status: 'queued',
    date: ctx.clock(),
    user: req.user,
    ...(req.ref ? { ref: req.ref } : {}),
  };
  await ctx.db.main.put(doc as never);
  if (!(await takeUnits(ctx, needed))) {
    // The balance went below what this message needs between the check and the update: withdraw it.
    const written = await ctx.db.main.get(doc._id);
    await ctx.db.main.remove(written);
    return { notice: SMS_MESSAGES.unitsExhausted };
  }
  return { id: doc._id };
}
