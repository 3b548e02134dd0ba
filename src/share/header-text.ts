/**
 * The invoice header as the PDF's text lines: the rich-text header (cleaned by DOMPurify as everywhere it is
 * shown, then read by an inert DOMParser document, which runs nothing and loads nothing) one line per paragraph,
 * heading or line break; in image mode, or with no header, the business's name. The PDF carries text only.
 */
import { headerHasImage, type InvoiceHeader } from '../../commands/invoice-header';
import { cleanHtml } from '../ui/sanitize';

export function headerLines(header: InvoiceHeader | null | undefined, business: string): string[] {
  if (!header || headerHasImage(header) || !header.content) return [business];
  const body = new DOMParser().parseFromString(`<body>${cleanHtml(header.content)}</body>`, 'text/html').body;
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of body.querySelectorAll('p, div, h1, h2, h3, h4, h5, h6, li, tr')) block.append('\n');
  const lines = (body.textContent ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.length ? lines : [business];
}
