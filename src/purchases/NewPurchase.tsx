import { useEffect, useState } from 'react';
import { withItem } from '../../commands/lib/variants';
import { dispatch } from '../bus';
import { useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { emptyForm, emptyRow, type FormState } from './form-state';
import { PurchaseForm } from './PurchaseForm';

/**
 * The store's reorder list as a purchase: one line per item at or below its level, with the suggested quantity
 * and the last purchase price (each line loaded like a picked item, so variations show), into that warehouse.
 * `reorder` is the warehouse id, or 'all' for the item levels over all warehouses.
 */
async function reorderForm(reorder: string, now: number): Promise<FormState> {
  const warehouse = reorder === 'all' ? undefined : reorder;
  const form = emptyForm(now);
  const list = await dispatch('reorder-list', { warehouse });
  if (!list.ok || !list.value.length) return form;
  const rows = await Promise.all(
    list.value.map(async (r) => {
      const row = { ...emptyRow(), id: r._id, name: r.name, price: r.purchasePrice, quantity: r.quantity };
      const item = await dispatch('item-get', { id: r._id });
      return item.ok && item.value ? { ...withItem(row, item.value, r.purchasePrice), quantity: r.quantity } : row;
    }),
  );
  return { ...form, to: warehouse ?? form.to, items: rows };
}

export function NewPurchase({ title }: ScreenProps) {
  const reorder = useRoute().query.get('reorder');
  const [initial, setInitial] = useState<FormState | null>(() => (reorder ? null : emptyForm(Date.now())));
  useEffect(() => {
    if (reorder) void reorderForm(reorder, Date.now()).then(setInitial);
  }, [reorder]);
  return (
    <section className="screen">
      <h1>{title}</h1>
      {initial ? <PurchaseForm key={reorder ?? 'new'} initial={initial} /> : <p>Loading…</p>}
    </section>
  );
}
