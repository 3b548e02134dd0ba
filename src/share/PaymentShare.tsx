/** The share buttons of a payment receipt (src/clients/PaymentReceipt.tsx); `medium` as the receipt says it. */
import type { PaymentView } from '../../commands/payments';
import { useConfig } from '../config';
import { useSession } from '../session';
import { invoiceHeaderNow } from './invoice-header-now';
import { paymentPdf } from './pdf-specs';
import { ShareButtons } from './ShareButtons';
import { paymentShareText } from './share-text';

export function PaymentShare({ view, medium }: { view: PaymentView; medium: string }) {
  const cfg = useConfig();
  const business = useSession()?.businessName ?? '';
  const text = paymentShareText(view.payment, view.balance, { business, currency: cfg.currency, thanks: cfg.shareThanks });
  const pdf = async () => paymentPdf(view.payment, view.balance, medium, { business, currency: cfg.currency, header: await invoiceHeaderNow() });
  return <ShareButtons phone={view.payment.client?.phone_number} text={text} pdf={pdf} />;
}
