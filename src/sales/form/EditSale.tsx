/** /sales/invoice/{id}/edit: the sale in the form with its customer read-only; only with editable invoices. */
import { useEffect } from 'react';
import type { ScreenProps } from '../../screen';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { notFound } from '../../router';
import { stateOfSale } from './sale-form-state';
import { SaleForm } from './SaleForm';

export function EditSale({ params, title }: ScreenProps) {
  const cfg = useConfig();
  const q = useLive('sale-get', { id: params.id });
  useEffect(() => {
    if (q.error?.code === 'not-found') notFound();
  }, [q.error?.code]);
  if (!q.data) return <p>Loading…</p>;
  if (!q.data.canEdit) return <p role="alert">This invoice cannot be edited.</p>;
  return (
    <section className="screen">
      <h1>{title}</h1>
      <SaleForm cfg={cfg} initial={stateOfSale(q.data.sale, cfg)} saleId={params.id} />
    </section>
  );
}
