/** The share buttons of a payment receipt (src/clients/PaymentReceipt.tsx). */
import type { PaymentView } from '../../commands/payments';
import { useConfig } from '../config';
import { useSession } from '../session';
import { ShareButtons } from './ShareButtons';
import { paymentShareText } from './share-text';

export function PaymentShare({ view }: { view: PaymentView }) {
  const cfg = useConfig();
  const user = useSession();
  const text = paymentShareText(view.payment, view.balance, { business: user?.businessName ?? '', currency: cfg.currency, thanks: cfg.shareThanks });
  return <ShareButtons phone={view.payment.client?.phone_number} text={text} />;
}
