/**
 * The optional SMS after a customer return (smsOnReturn), filled from smsReturnTemplate: :quantity, :name (the
 * item), :price (the rate), :amount, :details, :balance (the customer's account after the return) and :date as
 * DD/MM/YY (document 000 section 9: returns SMS use DD/MM/YY, not the other messages' YYYY/MM/DD). Sent to the
 * phone given with the return, else the customer's phone on file. Queued through the one outbox path
 * (worker/sms/outbox.ts); it never undoes the return.
 */
import type { GoodReturnsDoc } from '../../commands/docs';
import { formatShortDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { balanceWords, fillSmsTemplate, SMS_MESSAGES } from '../../commands/lib/sms';
import type { ReturnSaved } from '../../commands/returns';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { queueSms } from '../sms/outbox';

async function phoneOf(ctx: Ctx, doc: GoodReturnsDoc, given: string | undefined): Promise<string | undefined> {
  if (given?.trim()) return given.trim();
  const ref = doc.client?.account_ref;
  const client = ref ? await getKind(ctx.db.main, ref, 'customer', 'supplier') : undefined;
  return client?.phone_number?.trim() || undefined;
}

export async function returnSms(ctx: Ctx, doc: GoodReturnsDoc, phone: string | undefined): Promise<Pick<ReturnSaved, 'sms' | 'smsNotice'>> {
  try {
    const cfg = await ctx.config();
    if (!cfg.smsOnReturn || doc.client?.kind !== 'customer') return {};
    const recipient = await phoneOf(ctx, doc, phone);
    if (!recipient) return {};
    const money = (n: number) => formatMoney(n, cfg.currency);
    let balance = '';
    if (doc.client.account_ref) {
      await ctx.ledger.ready();
      balance = balanceWords(ctx.ledger.client(doc.client.account_ref), money);
    }
    const message = fillSmsTemplate(cfg.smsReturnTemplate, {
      quantity: String(Math.abs(doc.quantity)),
      name: doc.item.name,
      price: money(doc.item.rate),
      amount: money(Math.abs(doc.amount)),
      details: doc.details ?? '',
      balance,
      date: formatShortDate(doc.date ?? ctx.clock()),
    });
    const outcome = await queueSms(ctx, { recipient, message, user: doc.user!, kind: 'return', ref: doc._id });
    return 'id' in outcome ? { sms: outcome.id } : { smsNotice: outcome.notice };
  } catch (e) {
    console.error('the return SMS failed', e);
    return { smsNotice: SMS_MESSAGES.queueFailed };
  }
}
