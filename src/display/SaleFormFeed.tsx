/**
 * Rendered by the sale form for a new sale (nothing on screen): its named rows, total due, amount paid and the
 * change over the total go to the customer display as they change. Line totals as the form counts them (price ×
 * quantity − line discount).
 */
import type { ConfigValues } from '../../commands/config';
import { formatMoney, subMoney } from '../../commands/lib/money';
import { lineTotal, type SaleTotals } from '../../commands/lib/sale-math';
import { describeLine } from '../../commands/purchases';
import type { SaleFormState } from '../sales/form/sale-form-state';
import { displayName, useTillFeed } from './use-till-feed';

export function SaleFormFeed({ state, totals, cfg }: { state: SaleFormState; totals: SaleTotals; cfg: ConfigValues }) {
  const money = (n: number) => formatMoney(n, cfg.currency);
  const change = subMoney(state.amount_paid, totals.total_due);
  useTillFeed({
    kind: 'basket',
    lines: state.rows
      .filter((r) => r.name)
      .map((r) => ({ name: displayName(describeLine(r.name, r.variation), r.unit), quantity: String(r.quantity), price: money(r.price), total: money(lineTotal(r)) })),
    total: money(totals.total_due),
    paid: money(state.amount_paid),
    change: money(change > 0 ? change : 0),
  });
  return null;
}
