/**
 * The top and bottom of a printed invoice from the business's invoice header (document 001 'Invoice
 * customisation'): in image mode the header and footer images; otherwise the rich-text header, whose HTML
 * (written by a person, synced from any device) always goes through DOMPurify (src/ui/sanitize.ts); with no header, the business name.
 */
import { headerHasImage, isImageDataUrl, type InvoiceHeader } from '../../../commands/invoice-header';
import { cleanHtml } from '../../ui/sanitize';

type Props = { header: InvoiceHeader | null | undefined; business: string };

/** A stored size part ('120', '120px', '40mm', '100%') as CSS, or undefined when it is anything else. */
function cssLength(v: string | undefined): string | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|mm|cm|in|%)?\s*$/.exec(v ?? '');
  return m ? `${m[1]}${m[2] ?? 'px'}` : undefined;
}

function HeaderImage({ src, header, alt, testId }: { src: string; header: InvoiceHeader; alt: string; testId: string }) {
  const style = { width: cssLength(header.size?.width), height: cssLength(header.size?.height), maxWidth: '100%' };
  return <img className="invoice-header-img" src={src} alt={alt} style={style} data-testid={testId} />;
}

export function InvoiceHeading({ header, business }: Props) {
  if (header && headerHasImage(header)) {
    return isImageDataUrl(header.header) ? <HeaderImage src={header.header} header={header} alt={business} testId="invoice-header" /> : null;
  }
  const html = header?.content ? cleanHtml(header.content) : '';
  if (html.trim()) return <div className="invoice-header-content" data-testid="invoice-header" dangerouslySetInnerHTML={{ __html: html }} />;
  return <h2 className="invoice-business">{business}</h2>;
}

/** The footer image of image mode (nothing otherwise); the 'Powered by' line follows it. */
export function InvoiceFooting({ header }: { header: InvoiceHeader | null | undefined }) {
  if (!header || !headerHasImage(header) || !isImageDataUrl(header.footer)) return null;
  return <HeaderImage src={header.footer} header={header} alt="" testId="invoice-footer-image" />;
}
