/**
 * The optional SMS after a payment, cash adjustment or stock transfer (document 001 section 1), each behind its
 * switch and filled from its template with the section 9 placeholders. Queued through the one outbox path the
 * sale uses (worker/sms/outbox.ts); a message that cannot be queued never undoes the operation.
 */
import type { ClientRef, UserStamp } from '../../commands/docs';
import type { ConfigValues } from '../../commands/config';
import { formatSmsDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { balanceWords, fillSmsTemplate, type SmsPlaceholder } from '../../commands/lib/sms';
import type { Ctx } from '../context';
import { queueSms, type SmsKind } from '../sms/outbox';

type Switch = 'smsOnPayment' | 'smsOnAdjustment' | 'smsOnTransfer';
type Template = 'smsPaymentTemplate' | 'smsAdjustmentTemplate' | 'smsTransferTemplate';
const TEMPLATE: Record<Switch, Template> = {
  smsOnPayment: 'smsPaymentTemplate',
  smsOnAdjustment: 'smsAdjustmentTemplate',
  smsOnTransfer: 'smsTransferTemplate',
};
const KIND: Record<Switch, SmsKind> = { smsOnPayment: 'payment', smsOnAdjustment: 'adjustment', smsOnTransfer: 'transfer' };

/** `supplier`: the message goes to a supplier, in the supplier's own wording (smsSupplierPaymentTemplate). */
export type AccountSms = { client: ClientRef; amount: number; date: number; supplier?: boolean; values?: Partial<Record<SmsPlaceholder, string>> };
/** `smsAlert`: show the notice as a browser alert (a transfer with no credits at all), else as a toast. */
export type SmsResult = { sms?: string[]; smsNotice?: string; smsAlert?: true };

/** Queues one message per client with a phone number; the first notice (units exhausted) is returned. */
export async function accountSms(ctx: Ctx, on: Switch, ref: string, user: UserStamp, messages: AccountSms[]): Promise<SmsResult> {
  const cfg: ConfigValues = await ctx.config();
  if (!cfg[on]) return {};
  await ctx.ledger.ready();
  const ids: string[] = [];
  let notice: string | undefined;
  let alert = false;
  for (const m of messages) {
    const phone = m.client.phone_number?.trim();
    if (!phone) continue;
    const money = (n: number) => formatMoney(n, cfg.currency);
    const template = m.supplier && on === 'smsOnPayment' ? cfg.smsSupplierPaymentTemplate : cfg[TEMPLATE[on]];
    const message = fillSmsTemplate(template, {
      name: m.client.name,
      amount: money(m.amount),
      balance: balanceWords(ctx.ledger.client(m.client.account_ref), money),
      date: formatSmsDate(m.date),
      ...m.values,
    });
    const outcome = await queueSms(ctx, { recipient: phone, message, user, kind: KIND[on], ref });
    if ('id' in outcome) ids.push(outcome.id);
    else if (!notice) {
      notice = outcome.notice;
      alert = !!outcome.alert;
    }
  }
  return { ...(ids.length ? { sms: ids } : {}), ...(notice ? { smsNotice: notice } : {}), ...(alert ? { smsAlert: true as const } : {}) };
}
