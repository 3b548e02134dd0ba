/**
 * 'Share on WhatsApp' and 'Share PDF' beside Print on a sale's invoice, a payment receipt and a statement
 * (issue 29). WhatsApp is a plain link (wa.me opens the app on a phone, WhatsApp Web on a computer) to the
 * client's chat with a short text. The PDF is made in the browser by the pdf chunk (./pdf-share.ts, with jsPDF
 * and its font: loaded on the first click, never with the app) and handed to the share sheet where the browser
 * can share files, else downloaded.
 */
import { useState } from 'react';
import { toast } from '../ui/dialogs';
import type { PdfSpec } from './pdf-spec';
import { whatsappLink } from './whatsapp';

type Props = {
  /** The client's phone (E.164 for clients; a walk-in's as typed): the chat WhatsApp opens. */
  phone?: string;
  text: string;
  /** The document as the PDF draws it; built on click, so a page never shared reads nothing more. */
  pdf: () => Promise<PdfSpec>;
};

export function ShareButtons({ phone, text, pdf }: Props) {
  const [busy, setBusy] = useState(false);
  const sharePdf = async () => {
    setBusy(true);
    try {
      const [spec, { sharePdf: share }] = await Promise.all([pdf(), import('./pdf-share')]);
      await share(spec);
    } catch (e) {
      toast(e instanceof Error ? e.message : 'The PDF could not be made');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <a className="btn" href={whatsappLink(phone, text)} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
        Share on WhatsApp
      </a>
      <button type="button" className="btn" onClick={() => void sharePdf()} disabled={busy} data-testid="share-pdf" aria-busy={busy}>
        Share PDF
      </button>
    </>
  );
}
