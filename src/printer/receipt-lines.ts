/**
 * A sale's thermal receipt as plain lines of a fixed width (the printer's columns), before any printer
 * command: what the encoder prints and what a test reads back. Same figures and order as the on-screen
 * receipt (src/sales/invoice/InvoiceLayouts.tsx, invoiceTotals), amounts with the device's currency text
 * instead of ₦, which no printer codepage has.
 */
import type { SaleDoc } from '../../commands/docs';
import { formatDateTime } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { lineTotal } from '../../commands/lib/sale-math';
import { describeLine } from '../../commands/purchases';
import { quantityText } from '../../commands/lib/units';
import { invoiceTotals } from '../sales/invoice/invoice-totals';
import { lineLevelNote, saleLevelText } from '../../commands/lib/price-levels';

export type ReceiptBlock =
  | { kind: 'title'; text: string }
  | { kind: 'center'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'rule' }
  | { kind: 'code'; value: string };

export type ReceiptSource = { sale: SaleDoc; business: string; headerLines: string[]; currencyText: string; columns: number };

/** The currency text as an amount's prefix: 'N3,800.00', 'NGN 3,800.00'. */
export function moneyPrefix(currencyText: string): string {
  const t = currencyText.trim();
  return t.length > 1 ? `${t} ` : t;
}

/** Text a printer can show: ₦ (and any other sign the owner's text replaces) becomes the currency text. */
function plain(text: string, currencyText: string): string {
  return text.split('₦').join(moneyPrefix(currencyText)).replace(/\s+/g, ' ').trim();
}

/** Word-wraps to `width` columns; a word longer than a line is cut. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (let word of text.split(' ').filter(Boolean)) {
    while (word.length > width) {
      if (line) out.push(line);
      line = '';
      out.push(word.slice(0, width));
      word = word.slice(width);
    }
    if (!word) continue;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  return out;
}

/** Left text and a right-aligned amount on one line, or the text wrapped above the amount when both do not fit. */
export function pair(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left + ' '.repeat(width - left.length - right.length) + right];
  const lines = wrap(left, width);
  const last = lines[lines.length - 1];
  if (last.length + 1 + right.length <= width) lines[lines.length - 1] = last + ' '.repeat(width - last.length - right.length) + right;
  else lines.push(right.padStart(width));
  return lines;
}

export function receiptBlocks({ sale, business, headerLines, currencyText, columns }: ReceiptSource): ReceiptBlock[] {
  const symbol = moneyPrefix(currencyText);
  const money = (n: number) => formatMoney(n, symbol);
  const text = (t: string) => plain(t, currencyText);
  const blocks: ReceiptBlock[] = [];
  const lines = (kind: 'text' | 'bold' | 'center', t: string) => {
    for (const l of wrap(text(t), columns)) blocks.push({ kind, text: l });
  };
  for (const l of wrap(text(business), columns)) blocks.push({ kind: 'title', text: l });
  for (const h of headerLines) if (text(h) && text(h) !== text(business)) lines('center', h);
  blocks.push({ kind: 'rule' });
  lines('text', `Invoice ${sale.invoice_number}`);
  if (sale.date !== undefined) lines('text', formatDateTime(sale.date));
  if (sale.customer?.name) lines('text', [sale.customer.name, sale.customer.phone_number].filter(Boolean).join(' '));
  if (sale.level) lines('text', saleLevelText(sale.level));
  blocks.push({ kind: 'rule' });
  for (const l of sale.items) {
    lines('text', describeLine(l.name, l.variation));
    const note = lineLevelNote(l.level, sale.level);
    if (note) lines('text', note);
    for (const p of pair(`  ${quantityText(l)} x ${money(l.price)}`, money(lineTotal(l)), columns)) blocks.push({ kind: 'text', text: p });
  }
  blocks.push({ kind: 'rule' });
  const { rows } = invoiceTotals(sale, symbol);
  for (const [label, value] of rows) for (const p of pair(text(label), value, columns)) blocks.push({ kind: label === 'Total' ? 'bold' : 'text', text: p });
  if (sale.user?.fullname) lines('text', `Served by ${sale.user.fullname}`);
  blocks.push({ kind: 'code', value: sale.invoice_number });
  lines('center', 'Powered by Oja');
  return blocks;
}

/** A sale paid, at least in part, in cash (what is not paid by bank): the drawer opens for it. */
export function paidInCash(sale: SaleDoc): boolean {
  return sale.amount_paid - (sale.bank?.amount ?? 0) > 0;
}
