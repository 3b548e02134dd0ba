/**
 * A sale on paper as the settings say: a receipt (invoice type 1) or a full invoice (type 2), sized by the
 * paper settings. The invoice page shows it; the quick sale prints the sale just made with it (Ctrl+P).
 */
import type { ConfigValues } from '../../../commands/config';
import type { SaleView } from '../../../commands/sales';
import type { Result } from '../../../commands/index';
import { useRef } from 'react';
import { FullInvoice, Receipt } from './InvoiceLayouts';
import { invoiceWidth } from './page-size';
import { PageRule } from './PageRule';

type Props = { view: SaleView; cfg: ConfigValues; business: string; header: Result<'invoice-header-get'> | undefined };

export function InvoicePaper({ view, cfg, business, header }: Props) {
  const Layout = cfg.invoiceType === 2 ? FullInvoice : Receipt;
  const printed = useRef<HTMLElement>(null);
  return (
    <>
      <PageRule size={cfg.invoiceWidth} height={cfg.invoiceHeight} printed={printed} />
      <article
        className={`invoice invoice-type-${cfg.invoiceType} invoice-paper-${cfg.invoiceWidth}`}
        data-testid="invoice"
        ref={printed}
        style={{ width: invoiceWidth(cfg.invoiceWidth), minHeight: cfg.invoiceHeight || undefined }}
      >
        <Layout sale={view.sale} business={business} symbol={cfg.currency} showLpo={cfg.lpo} header={header} />
      </article>
    </>
  );
}
