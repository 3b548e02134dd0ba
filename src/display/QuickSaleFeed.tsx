/**
 * Rendered by the quick sale (nothing on screen): its basket, total due, amount paid and change go to the
 * customer display as they change. Amounts as the basket shows them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney, mulMoney, subMoney } from '../../commands/lib/money';
import { describeLine } from '../../commands/purchases';
import { useConfig } from '../config';
import type { QuickSale } from '../sales/quick/quick-store';
import { displayName, useTillFeed } from './use-till-feed';

export function QuickSaleFeed({ store }: { store: QuickSale }) {
  useSignals();
  const cfg = useConfig();
  const money = (n: number) => formatMoney(n, cfg.currency);
  const due = store.totals.value.total_due;
  const paid = store.paid.value;
  const change = subMoney(paid, due);
  useTillFeed({
    kind: 'basket',
    lines: store.basket.value.map((l) => ({
      name: displayName(describeLine(l.name, l.variation), l.unit),
      quantity: String(l.quantity),
      price: money(l.price),
      total: money(mulMoney(l.price, l.quantity)),
    })),
    total: money(due),
    paid: money(paid),
    change: money(change > 0 ? change : 0),
  });
  return null;
}
