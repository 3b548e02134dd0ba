/** The share buttons of a sale's invoice or receipt (src/sales/invoice/InvoiceActions.tsx). */
import type { SaleDoc } from '../../commands/docs';
import { useConfig } from '../config';
import { useSession } from '../session';
import { invoiceHeaderNow } from './invoice-header-now';
import { salePdf } from './pdf-specs';
import { ShareButtons } from './ShareButtons';
import { saleShareText } from './share-text';

export function SaleShare({ sale }: { sale: SaleDoc }) {
  const cfg = useConfig();
  const business = useSession()?.businessName ?? '';
  const text = saleShareText(sale, { business, currency: cfg.currency, thanks: cfg.shareThanks });
  const pdf = async () => salePdf(sale, { business, currency: cfg.currency, header: await invoiceHeaderNow() });
  return <ShareButtons phone={sale.customer?.phone_number} text={text} pdf={pdf} />;
}
