/**
 * The totals block of a printed sale (receipt and invoice alike), as label/value rows. The Balance row is
 * saleBalance (commands/lib/sale-math.ts): Total − Amount paid, what the sale leaves on the customer's account,
 * the same figure as the statement's debit, the SMS and the WhatsApp text. VAT the customer pays is a row above
 * the Total it is part of; VAT the customer withholds is not in the Total and its row says so.
 */
import { formatMoney, sumMoney } from '../../../commands/lib/money';
import { lineTotal, saleBalance } from '../../../commands/lib/sale-math';
import type { SaleDoc } from '../../../commands/docs';

export type TotalsBlock = { rows: [string, string][] };

/** The VAT row: 'VAT (7.5%, exclusive)' for VAT in the Total, 'VAT withheld by the customer' for VAT not in it. */
function vatRow(vat: SaleDoc['vat'], money: (n: number) => string): [string, string] | undefined {
  if (!vat?.amount) return undefined;
  return vat.withold ? ['VAT withheld by the customer', money(vat.amount)] : [`VAT (${vat.percentage}%, ${vat.type})`, money(vat.amount)];
}

export function invoiceTotals(sale: SaleDoc, symbol: string): TotalsBlock {
  const money = (n: number) => formatMoney(n, symbol);
  const subtotal = sumMoney(sale.items.map(lineTotal));
  const rows: [string, string][] = [['Subtotal', money(subtotal)]];
  if (sale.discount?.amount) rows.push([sale.discount.percentage ? `Discount (${sale.discount.percentage}%)` : 'Discount', `-${money(sale.discount.amount)}`]);
  if (sale.transport?.paidByCustomer && sale.transport.total) rows.push(['Transport', money(sale.transport.total)]);
  const vat = vatRow(sale.vat, money);
  if (vat) rows.push(vat);
  rows.push(['Total', money(sale.total_due)], ['Amount paid', money(sale.amount_paid)]);
  if (sale.bank?.amount) rows.push([`Bank (${sale.bank.name.name})`, money(sale.bank.amount)]);
  // Cash handed over above the total due: what was received and what went back, apart from amount paid.
  if (sale.cash_received && sale.change) rows.push(['Cash', money(sale.cash_received)], ['Change', money(sale.change)]);
  rows.push(['Balance', money(saleBalance(sale))]);
  return { rows };
}
