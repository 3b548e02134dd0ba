/** /sales/invoice/{id}: the sale as a receipt (type 1) or a full invoice (type 2), sized by the settings. */
import { useEffect, useRef } from 'react';
import type { ScreenProps } from '../../screen';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { notFound } from '../../router';
import { useSession } from '../../session';
import { ReceiptPrinterBar } from '../../printer/fallback';
import { InvoiceActions } from './InvoiceActions';
import { FullInvoice, Receipt } from './InvoiceLayouts';
import { invoiceWidth } from './page-size';
import { PageRule } from './PageRule';

export function InvoicePage({ params }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const q = useLive('sale-get', { id: params.id });
  const header = useLive('invoice-header-get', {});
  const printed = useRef<HTMLElement>(null);
  useEffect(() => {
    if (q.error?.code === 'not-found') notFound();
  }, [q.error?.code]);
  // The header is part of what prints: the invoice appears with it (or without one), never before it is known.
  if (!q.data || (header.loading && header.data === undefined)) {
    return <section className="screen">{q.error && q.error.code !== 'not-found' ? <p role="alert">{q.error.message}</p> : <p>Loading…</p>}</section>;
  }
  const { sale } = q.data;
  const business = user?.businessName ?? '';
  const Layout = cfg.invoiceType === 2 ? FullInvoice : Receipt;
  return (
    <section className="screen">
      <PageRule size={cfg.invoiceWidth} height={cfg.invoiceHeight} printed={printed} />
      <InvoiceActions view={q.data} onChanged={q.refetch} />
      <ReceiptPrinterBar saleId={sale._id} />
      <article
        className={`invoice invoice-type-${cfg.invoiceType} invoice-paper-${cfg.invoiceWidth}`}
        data-testid="invoice" ref={printed}
        style={{ width: invoiceWidth(cfg.invoiceWidth), minHeight: cfg.invoiceHeight || undefined }}
      >
        <Layout sale={sale} business={business} symbol={cfg.currency} showLpo={cfg.lpo} header={header.data} />
      </article>
    </section>
  );
}
