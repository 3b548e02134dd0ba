/**
 * The optional SMS after a sale (document 001 section 4: saved, 'then optional SMS'): managed customers when
 * smsOnSale is on, unmanaged ones when smsOnUnmanagedSale is on, only with a phone number (the sale rules
 * already block or warn about a missing one). The text is the smsSaleTemplate with its placeholders filled.
 */
import type { SaleDoc, UserStamp } from '../../commands/docs';
import { formatSmsDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { saleBalance, type SaleTotals } from '../../commands/lib/sale-math';
import { balanceWords, fillSmsTemplate, SMS_MESSAGES } from '../../commands/lib/sms';
import { joinNames } from '../../commands/lib/summary';
import type { SaleSaved } from '../../commands/sales';
import type { Ctx } from '../context';
import { queueSms } from '../sms/outbox';

/**
 * A managed customer's balance is their account balance after this sale (the statement's running balance); a
 * walk-in's is what this sale leaves (saleBalance: the invoice's Balance line).
 */
async function balanceAfter(ctx: Ctx, sale: SaleDoc): Promise<number> {
  const ref = sale.customer.with_account ? sale.customer.account_ref : undefined;
  if (!ref) return saleBalance(sale);
  await ctx.ledger.ready();
  return ctx.ledger.client(ref);
}

export async function saleSms(ctx: Ctx, sale: SaleDoc, totals: SaleTotals, user: UserStamp): Promise<Pick<SaleSaved, 'sms' | 'smsNotice'>> {
  try {
    return await fillAndQueue(ctx, sale, totals, user);
  } catch (e) {
    // The sale is saved already: its message must never turn that into a failure.
    console.error('the sale SMS failed', e);
    return { smsNotice: SMS_MESSAGES.queueFailed };
  }
}

async function fillAndQueue(ctx: Ctx, sale: SaleDoc, totals: SaleTotals, user: UserStamp): Promise<Pick<SaleSaved, 'sms' | 'smsNotice'>> {
  const cfg = await ctx.config();
  const phone = sale.customer.phone_number?.trim();
  const on = sale.customer.with_account ? cfg.smsOnSale : cfg.smsOnUnmanagedSale;
  if (!on || !phone) return {};
  const money = (n: number) => formatMoney(n, cfg.currency);
  const message = fillSmsTemplate(cfg.smsSaleTemplate, {
    items: joinNames(sale.items.map((l) => l.name)),
    total: money(sale.total_due),
    sub: money(totals.subtotal),
    paid: money(sale.amount_paid),
    balance: balanceWords(await balanceAfter(ctx, sale), money),
    invoice: sale.invoice_number,
    date: formatSmsDate(sale.date ?? ctx.clock()),
    name: sale.customer.name,
    quantity: String(sale.total_quantity),
    // Where the spec is silent: each line as 'quantity name @ price', for a customer who wants the breakdown.
    details: sale.items.map((l) => `${l.quantity} ${l.name} @ ${money(l.price)}`).join(', '),
  });
  const outcome = await queueSms(ctx, { recipient: phone, message, user, kind: 'sale', ref: sale._id });
  return 'id' in outcome ? { sms: outcome.id } : { smsNotice: outcome.notice };
}
