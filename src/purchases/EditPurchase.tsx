import { useEffect } from 'react';
import { notFound } from '../router';
import { useLive } from '../live';
import type { ScreenProps } from '../screen';
import { formFromPurchase } from './form-state';
import { PurchaseForm } from './PurchaseForm';

export function EditPurchase({ params, title }: ScreenProps) {
  // Loaded once: edits in progress are not overwritten by other changes to the same purchase.
  const q = useLive('purchase-get', { id: params.id });
  const missing = !q.loading && (q.error || q.data === null);
  useEffect(() => {
    if (missing) notFound();
  }, [missing]);
  if (!q.data) return <section className="screen">{q.loading ? <p>Loading…</p> : null}</section>;
  if (!q.data.canEdit) return <p role="alert">This purchase cannot be edited.</p>;
  return (
    <section className="screen">
      <h1>
        {title} {q.data.purchase.invoice_number}
      </h1>
      <PurchaseForm initial={formFromPurchase(q.data)} editId={params.id} />
    </section>
  );
}
