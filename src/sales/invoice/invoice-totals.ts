/**
 * The totals block of a printed sale (receipt and invoice alike), as label/value rows plus a note on how VAT
 * was treated. The Balance row is saleBalance (commands/lib/sale-math.ts): what the sale leaves on the
 * customer's account, the same figure as the statement's debit and a walk-in's SMS; with VAT on the sale, the
 * note says plainly that the VAT is not part of it.
 */
import { formatMoney, sumMoney } from '../../../commands/lib/money';
import { lineTotal, saleBalance } from '../../../commands/lib/sale-math';
import type { SaleDoc } from '../../../commands/docs';

export type TotalsBlock = { rows: [string, string][]; vatNote?: string };

export function invoiceTotals(sale: SaleDoc, symbol: string): TotalsBlock {
  const money = (n: number) => formatMoney(n, symbol);
  const subtotal = sumMoney(sale.items.map(lineTotal));
  const rows: [string, string][] = [['Subtotal', money(subtotal)]];
  if (sale.discount?.amount) rows.push([sale.discount.percentage ? `Discount (${sale.discount.percentage}%)` : 'Discount', `-${money(sale.discount.amount)}`]);
  if (sale.transport?.paidByCustomer && sale.transport.total) rows.push(['Transport', money(sale.transport.total)]);
  const vat = sale.vat?.amount ?? 0;
  if (vat) rows.push([`VAT (${sale.vat!.percentage}%, ${sale.vat!.type}${sale.vat!.withold ? ', withheld' : ''})`, money(vat)]);
  rows.push(['Total', money(sale.total_due)], ['Amount paid', money(sale.amount_paid)]);
  if (sale.bank?.amount) rows.push([`Bank (${sale.bank.name.name})`, money(sale.bank.amount)]);
  // Cash handed over above the total due: what was received and what went back, apart from amount paid.
  if (sale.cash_received && sale.change) rows.push(['Cash', money(sale.cash_received)], ['Change', money(sale.change)]);
  rows.push(['Balance', money(saleBalance(sale))]);
  const vatNote = vat ? `Balance = Total − Amount paid − VAT: the VAT of ${money(vat)} is recorded for the tax return and not added to the account.` : undefined;
  return { rows, vatNote };
}
