/**
 * The three shared documents as PdfSpecs, from the same helpers their printouts use: a sale (the full
 * invoice's columns SN, Description, Quantity, Unit Price, Total and invoiceTotals' rows), a payment receipt
 * (its rows), a statement (its columns, opening and closing balances). Amounts are formatMoney's, whole: the
 * currency sign, separators and kobo.
 */
import type { InvoiceHeader } from '../../commands/invoice-header';
import type { PaymentDoc, SaleDoc } from '../../commands/docs';
import type { StatementRow } from '../../commands/ledger';
import { formatDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { lineTotal } from '../../commands/lib/sale-math';
import { amountInWords } from '../../commands/lib/words';
import { describeLine } from '../../commands/purchases';
import { quantityText } from '../../commands/lib/units';
import { invoiceTotals } from '../sales/invoice/invoice-totals';
import { lineLevelNote, saleLevelText } from '../../commands/lib/price-levels';
import { detailsWithApproval } from '../../commands/lib/credit-limit';
import { headerLines } from './header-text';
import { pdfFileName, type PdfSpec } from './pdf-spec';

type Context = { business: string; currency: string; header: InvoiceHeader | null | undefined };

const POWERED = 'Powered by Oja';

export function salePdf(sale: SaleDoc, c: Context): PdfSpec {
  const money = (n: number) => formatMoney(n, c.currency);
  const { rows } = invoiceTotals(sale, c.currency);
  const customer = sale.customer?.name ? [`To: ${[sale.customer.name, sale.customer.phone_number].filter(Boolean).join(' ')}`] : [];
  return {
    fileName: pdfFileName(`invoice-${sale.invoice_number}`),
    title: 'Invoice',
    header: headerLines(c.header, c.business),
    // The price level (issue 28): the sale's, and beside a line priced otherwise ('Retail (no Wholesale price)').
    meta: [`Invoice number: ${sale.invoice_number}`, `Date: ${formatDate(sale.date)}`, ...customer, ...(sale.level ? [saleLevelText(sale.level)] : [])],
    table: {
      columns: ['SN', 'Description', 'Quantity', 'Unit Price', 'Total'],
      numeric: [false, false, true, true, true],
      rows: sale.items.map((l, i) => {
        const note = lineLevelNote(l.level, sale.level);
        return [String(i + 1), describeLine(l.name, l.variation) + (note ? ` (${note})` : ''), quantityText(l), money(l.price), money(lineTotal(l))];
      }),
    },
    totals: rows,
    notes: [`Amount in words: ${amountInWords(sale.total_due)}`, sale.user?.fullname && `Served by ${sale.user.fullname}`, POWERED].filter((n): n is string => !!n),
  };
}

export function paymentPdf(p: PaymentDoc, balance: number, medium: string, c: Context): PdfSpec {
  const money = (n: number) => formatMoney(n, c.currency);
  const received = p.factor === -1;
  const rows: [string, string][] = [
    ['Date', formatDate(p.date)],
    [received ? 'Received from' : 'Paid to', p.client?.name ?? ''],
  ];
  if (p.client?.phone_number) rows.push(['Phone number', p.client.phone_number]);
  rows.push(['Amount', money(p.amount)], ['Paid through', medium]);
  if (p.teller_number) rows.push(['Teller number', p.teller_number]);
  if (p.details) rows.push(['Details', p.details]);
  rows.push(['Balance', money(balance)]);
  if (p.user?.fullname) rows.push([received ? 'Received by' : 'Paid by', p.user.fullname]);
  return {
    fileName: pdfFileName(`receipt-${p.client?.name ?? ''}-${formatDate(p.date)}`),
    title: 'Payment receipt',
    header: headerLines(c.header, c.business),
    meta: [],
    totals: rows,
    notes: [`Ref ${p._id}`, POWERED],
  };
}

export type StatementHead = { client: string; phone?: string; from?: number; to?: number; opening: number; closing: number };

export function statementPdf(s: StatementHead, statementRows: readonly StatementRow[], c: Context): PdfSpec {
  const money = (n: number | undefined) => (n ? formatMoney(n, c.currency) : '');
  const period = s.from !== undefined && s.to !== undefined ? `${formatDate(s.from)} – ${formatDate(s.to)}` : 'All dates';
  return {
    fileName: pdfFileName(`statement-${s.client}`),
    title: `Statement of ${s.client}`,
    header: headerLines(c.header, c.business),
    meta: [...(s.phone ? [s.phone] : []), `Period: ${period}`, `Opening balance: ${formatMoney(s.opening, c.currency)}`],
    table: {
      columns: ['S/N', 'Date', 'Description', 'Details', 'Invoice/Teller number', 'Debit', 'Credit', 'Balance'],
      numeric: [false, false, false, false, false, true, true, true],
      rows: statementRows.map((r, i) => [String(i + 1), formatDate(r.date), r.description, detailsWithApproval(r, c.currency), r.invoice ?? '', money(r.debit), money(r.credit), formatMoney(r.balance, c.currency)]),
    },
    totals: [
      ['Opening balance', formatMoney(s.opening, c.currency)],
      ['Closing balance', formatMoney(s.closing, c.currency)],
    ],
    notes: [POWERED],
  };
}
