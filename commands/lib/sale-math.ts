/**
 * Sale arithmetic (document 001 section 9), all through money.ts so totals never drift:
 *   line total      = price × quantity − line discount (an amount off the whole line)
 *   subtotal        = Σ line totals
 *   discount        = percentage × subtotal (percentage discount), or the amount given; with cumulative
 *                     discounts on, both add up
 *   transport       = transport.total when the customer is charged for it (paidByCustomer)
 *   base            = subtotal − discount + transport
 *   VAT amount      = VAT percentage × base ("the VAT percentage times the total due")
 *   total due       = what the invoice says the customer owes for it (docs/architecture.md, 'VAT and what a
 *                     customer owes'): exclusive VAT is added to the base, inclusive VAT is inside it; VAT the
 *                     customer withholds is not in it (exclusive: not added; inclusive: taken out of the base)
 */
import { mulMoney, percentOf, subMoney, sumMoney, toMinor } from './money';
import type { ConfigValues } from '../config';
import { summaryOf } from './summary';

export type PricedLine = { price: number; quantity: number; discount?: number };

export type SaleCharges = {
  discount?: { percentage?: number; amount?: number };
  /** Apply percentage and amount discounts together (config cumulativeDiscount). */
  cumulativeDiscount?: boolean;
  vat?: { percentage: number; type: 'inclusive' | 'exclusive'; withold: boolean };
  transport?: { total: number; paidByCustomer?: boolean };
};

export type SaleTotals = {
  subtotal: number;
  discount: number;
  transport: number;
  vat: number;
  total_due: number;
  total_quantity: number;
};

export function lineTotal(line: PricedLine): number {
  return subMoney(mulMoney(line.price, line.quantity), line.discount ?? 0);
}

export function discountAmount(subtotal: number, d: SaleCharges['discount'], cumulative = false): number {
  const pct = d?.percentage ?? 0;
  const amount = d?.amount ?? 0;
  const byPercent = pct > 0 ? percentOf(subtotal, pct) : 0;
  if (cumulative) return sumMoney([byPercent, amount]);
  return pct > 0 ? byPercent : amount;
}

/** The Total line: the base with the VAT the customer pays in it, without the VAT they withhold. */
function totalDue(base: number, vat: number, v: SaleCharges['vat']): number {
  if (!v || !vat) return base;
  if (v.type === 'exclusive') return v.withold ? base : sumMoney([base, vat]);
  return v.withold ? subMoney(base, vat) : base;
}

export function saleTotals(lines: readonly PricedLine[], charges: SaleCharges = {}): SaleTotals {
  const subtotal = sumMoney(lines.map(lineTotal));
  const discount = discountAmount(subtotal, charges.discount, charges.cumulativeDiscount);
  const transport = charges.transport?.paidByCustomer ? charges.transport.total || 0 : 0;
  const base = sumMoney([subMoney(subtotal, discount), transport]);
  const vat = charges.vat && charges.vat.percentage > 0 ? percentOf(base, charges.vat.percentage) : 0;
  return {
    subtotal,
    discount,
    transport,
    vat,
    total_due: totalDue(base, vat, charges.vat),
    total_quantity: lines.reduce((n, l) => n + (Number(l.quantity) || 0), 0),
  };
}

/**
 * Each line's share of the sale's discount taken off its line total: what the line really brought in, for
 * profit. Shared in proportion to the line totals, in kobo, the remainder to the largest lines first, so the
 * net lines add up to exactly subtotal − discount. A sale without a discount gives the line totals back.
 */
export function netLineTotals(lines: readonly PricedLine[], saleDiscount: number): number[] {
  const totals = lines.map((l) => toMinor(lineTotal(l)));
  const discount = toMinor(saleDiscount || 0);
  const subtotal = totals.reduce((a, b) => a + b, 0);
  if (!discount || subtotal <= 0) return totals.map((t) => t / 100);
  const shares = totals.map((t) => Math.floor((discount * t) / subtotal));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = totals.map((t, i) => ({ i, rest: (discount * t) % subtotal })).sort((a, b) => b.rest - a.rest || totals[b.i] - totals[a.i]);
  for (let k = 0; left > 0 && k < byRemainder.length; k++, left--) shares[byRemainder[k].i]++;
  return totals.map((t, i) => (t - shares[i]) / 100);
}

/** Gross profit of each line: its net total (after line and sale discounts) − cost price × quantity. */
export function lineProfits(lines: readonly (PricedLine & { cost_price?: number })[], saleDiscount: number): number[] {
  return netLineTotals(lines, saleDiscount).map((net, i) => subMoney(net, mulMoney(lines[i].cost_price ?? 0, lines[i].quantity)));
}

/**
 * What a sale leaves on the customer's account: Total − Amount paid, in minor units (kobo). The one rule
 * behind every figure of it (docs/architecture.md, 'VAT and what a customer owes'): the ledger's posting
 * (worker/ledger/postings.ts), the invoice's and receipt's Balance line, the statement's debit, the SMS and
 * the WhatsApp text. The Total already says whether VAT is charged (added, inside, or withheld by the
 * customer and so not in it), so nothing more is taken off: a fully paid sale moves the account by 0.
 */
export function saleBalanceMinor(sale: { total_due: number; amount_paid: number }): number {
  return toMinor(sale.total_due) - toMinor(sale.amount_paid);
}

/** saleBalanceMinor in major units (₦), for display and messages. */
export function saleBalance(sale: { total_due: number; amount_paid: number }): number {
  return saleBalanceMinor(sale) / 100;
}

/** The VAT the customer pays with the Total (0 when they withhold it): the Z-report's and the VAT report's 'collected'. */
export function vatCollected(sale: { vat?: { amount?: number; withold?: boolean } }): number {
  return sale.vat?.withold ? 0 : (sale.vat?.amount ?? 0);
}

/** 'Sale of a, b & c' (document 001 section 3). */
export function saleSummary(names: readonly string[]): string {
  return summaryOf('Sale', names);
}

/** Transport balance: what remains after the advance. */
export function transportBalance(t: { total: number; paid: number }): number {
  return subMoney(t.total || 0, t.paid || 0);
}

/** What a sale form entered, before the settings decide which of it counts. */
export type ChargeInput = {
  discount?: { percentage?: number; amount?: number };
  vat?: { percentage: number; type: 'inclusive' | 'exclusive'; withold: boolean };
  transport?: { total: number; paid: number; paidByCustomer?: boolean; advancePayer?: string; balancePayer?: string };
};

/**
 * The VAT a quick sale charges (issue 39 item 7): the settings' rate and type, not withheld, as the sale form
 * starts with; none while VAT is off. saleTotals and the worker's chargesFor then treat it as the form's.
 */
export function defaultVat(cfg: Pick<ConfigValues, 'useVat' | 'vatPercentage' | 'vatType'>): NonNullable<ChargeInput['vat']> | undefined {
  return cfg.useVat ? { percentage: cfg.vatPercentage, type: cfg.vatType, withold: false } : undefined;
}

type ChargeConfig = Pick<ConfigValues, 'percentageDiscount' | 'amountDiscount' | 'cumulativeDiscount' | 'useVat' | 'trackTransport'>;

/** Only the charges the settings switch on count (the form hides the others); the form and the worker agree. */
export function chargesFor(input: ChargeInput, cfg: ChargeConfig) {
  return {
    discount: {
      percentage: cfg.percentageDiscount ? Number(input.discount?.percentage) || 0 : 0,
      amount: cfg.amountDiscount ? Number(input.discount?.amount) || 0 : 0,
    },
    cumulativeDiscount: cfg.cumulativeDiscount,
    vat: cfg.useVat && input.vat ? { ...input.vat, percentage: Number(input.vat.percentage) || 0 } : undefined,
    transport: cfg.trackTransport ? input.transport : undefined,
  };
}

/**
 * Cash handed over split from what the sale records as paid: amount_paid never exceeds the total due (the
 * cash account and the customer's balance count only that); what was handed over above it is change given
 * back. `cash_received` and `change` are recorded only when there is change.
 */
export function splitPayment(received: number, totalDue: number): { amount_paid: number; cash_received?: number; change?: number } {
  const due = Math.max(0, totalDue);
  if (!(received > due)) return { amount_paid: received };
  return { amount_paid: due, cash_received: received, change: subMoney(received, due) };
}
