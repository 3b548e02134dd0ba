/**
 * 'Share on WhatsApp' beside Print on a sale's invoice, a payment receipt and a statement (issue 29): a plain
 * link (wa.me opens the app on a phone, WhatsApp Web on a computer) to the client's chat with a short text.
 */
import { whatsappLink } from './whatsapp';

type Props = {
  /** The client's phone (E.164 for clients; a walk-in's as typed): the chat WhatsApp opens. */
  phone?: string;
  text: string;
};

export function ShareButtons({ phone, text }: Props) {
  return (
    <a className="btn" href={whatsappLink(phone, text)} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
      Share on WhatsApp
    </a>
  );
}
