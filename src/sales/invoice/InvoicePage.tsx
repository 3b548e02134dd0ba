/** /sales/invoice/{id}: the sale as a receipt (type 1) or a full invoice (type 2), sized by the settings. */
import { useEffect } from 'react';
import type { ScreenProps } from '../../screen';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { notFound } from '../../router';
import { useSession } from '../../session';
import { ReceiptPrinterBar } from '../../printer/fallback';
import { InvoiceActions } from './InvoiceActions';
import { InvoicePaper } from './InvoicePaper';

export function InvoicePage({ params }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const q = useLive('sale-get', { id: params.id });
  const header = useLive('invoice-header-get', {});
  useEffect(() => {
    if (q.error?.code === 'not-found') notFound();
  }, [q.error?.code]);
  // The header is part of what prints: the invoice appears with it (or without one), never before it is known.
  if (!q.data || (header.loading && header.data === undefined)) {
    return <section className="screen">{q.error && q.error.code !== 'not-found' ? <p role="alert">{q.error.message}</p> : <p>Loading…</p>}</section>;
  }
  return (
    <section className="screen">
      <InvoiceActions view={q.data} onChanged={q.refetch} />
      <ReceiptPrinterBar saleId={q.data.sale._id} />
      <InvoicePaper view={q.data} cfg={cfg} business={user?.businessName ?? ''} header={header.data} />
    </section>
  );
}
