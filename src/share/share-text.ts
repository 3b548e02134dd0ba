/**
 * The short texts 'Share on WhatsApp' writes (issue 29): the business, which document, its figures as the
 * printout shows them (the invoice's Total, Amount paid and Balance rows, the receipt's Amount and Balance,
 * the statement's closing balance) and the owner's thank-you line (setting shareThanks). A balance says who owes
 * whom, as the SMS texts do (balanceWords), never a bare minus sign. Pure: the tests build the expected text
 * with these same functions' inputs.
 */
import type { PaymentDoc, SaleDoc } from '../../commands/docs';
import { formatDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { saleBalance } from '../../commands/lib/sale-math';
import { balanceWords } from '../../commands/lib/sms';

type Common = { business: string; currency: string; thanks: string };

const lines = (...parts: (string | false | undefined)[]) => parts.filter((p): p is string => !!p && !!p.trim()).join('\n');

export function saleShareText(sale: SaleDoc, c: Common): string {
  const money = (n: number) => formatMoney(n, c.currency);
  return lines(
    c.business,
    `Invoice ${sale.invoice_number}, ${formatDate(sale.date)}`,
    `Total: ${money(sale.total_due)}`,
    `Amount paid: ${money(sale.amount_paid)}`,
    `Balance: ${balanceWords(saleBalance(sale), money)}`,
    c.thanks,
  );
}

/** A payment receipt; `balance` is the client's account balance the receipt prints (ledger sign). */
export function paymentShareText(payment: PaymentDoc, balance: number, c: Common): string {
  const money = (n: number) => formatMoney(n, c.currency);
  const received = payment.factor === -1;
  return lines(
    c.business,
    `Payment receipt, ${formatDate(payment.date)}`,
    `${received ? 'Received from' : 'Paid to'} ${payment.client?.name ?? ''}`,
    `Amount: ${money(payment.amount)}`,
    `Balance: ${balanceWords(balance, money)}`,
    c.thanks,
  );
}

export type StatementFigures = { client: string; from?: number; to?: number; opening: number; closing: number };

export function statementShareText(s: StatementFigures, c: Common): string {
  const money = (n: number) => formatMoney(n, c.currency);
  const period = s.from !== undefined && s.to !== undefined ? `${formatDate(s.from)} to ${formatDate(s.to)}` : 'All dates';
  return lines(
    c.business,
    `Statement of ${s.client}, ${period}`,
    `Opening balance: ${balanceWords(s.opening, money)}`,
    `Closing balance: ${balanceWords(s.closing, money)}`,
    c.thanks,
  );
}
