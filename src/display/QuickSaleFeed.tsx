/**
 * Rendered by the quick sale (nothing on screen): its basket, total due, amount paid and change go to the
 * customer display as they change (./till-feed.ts). Amounts as the basket shows them.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney, mulMoney, subMoney } from '../../commands/lib/money';
import { describeLine } from '../../commands/purchases';
import { useConfig } from '../config';
import type { QuickSale } from '../sales/quick/quick-store';
import { useSession } from '../session';
import type { DisplayView } from './display-state';
import { closeFeed, openFeed, publishBasket } from './till-feed';

export function QuickSaleFeed({ store }: { store: QuickSale }) {
  useSignals();
  const cfg = useConfig();
  const user = useSession();
  const business = user?.business ?? '';
  const name = user?.businessName ?? '';
  useEffect(() => {
    if (!business) return;
    openFeed(business, name);
    return closeFeed;
  }, [business, name]);

  const money = (n: number) => formatMoney(n, cfg.currency);
  const due = store.totals.value.total_due;
  const paid = store.paid.value;
  const change = subMoney(paid, due);
  const view: Extract<DisplayView, { kind: 'basket' }> = {
    kind: 'basket',
    lines: store.basket.value.map((l) => ({ name: describeLine(l.name, l.variation), quantity: String(l.quantity), price: money(l.price), total: money(mulMoney(l.price, l.quantity)) })),
    total: money(due),
    paid: money(paid),
    change: money(change > 0 ? change : 0),
  };
  const key = JSON.stringify(view);
  useEffect(() => publishBasket(view), [key, business]);
  return null;
}
