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
  // The quick sale has gone on to the next sale with an empty basket: the display keeps the sale just made (the
  // same view as before it was saved, so it is not sent again and stays marked done) until a line is added.
  const last = store.basket.value.length ? null : store.lastSale.value;
  const lines = last ? last.lines : store.basket.value;
  const due = last ? last.total_due : store.totals.value.total_due;
  const paid = last ? last.paid : store.paid.value;
  const change = subMoney(paid, due);
  useTillFeed({
    kind: 'basket',
    lines: lines.map((l) => ({
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
