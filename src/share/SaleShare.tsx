/** The share buttons of a sale's invoice or receipt (src/sales/invoice/InvoiceActions.tsx). */
import type { SaleDoc } from '../../commands/docs';
import { useConfig } from '../config';
import { useSession } from '../session';
import { ShareButtons } from './ShareButtons';
import { saleShareText } from './share-text';

export function SaleShare({ sale }: { sale: SaleDoc }) {
  const cfg = useConfig();
  const user = useSession();
  const text = saleShareText(sale, { business: user?.businessName ?? '', currency: cfg.currency, thanks: cfg.shareThanks });
  return <ShareButtons phone={sale.customer?.phone_number} text={text} />;
}
