/**
 * The business's invoice header (document 001 'Invoice customisation' and section 3 'Invoice header'): a rich-text
 * header (HTML, sanitised with DOMPurify where it is shown) or, in image mode, header and footer images as data
 * URLs with a size. One document, 'invoice-header', in the shared database beside the settings.
 */
import type { InvoiceHeaderDoc } from './docs';
import type { Reads } from './reads';

export type InvoiceHeader = Pick<InvoiceHeaderDoc, 'content' | 'img' | 'header' | 'footer' | 'size'>;

export const INVOICE_HEADER_ID = 'invoice-header';

// Where the spec is silent:
export const INVOICE_HEADER_MESSAGES = {
  adminOnly: 'Only the admin can change the invoice header',
  notImage: 'The header and footer must be images',
  imageTooLarge: 'The image is too large. Choose a smaller picture.',
  contentTooLong: 'The header is too long. Shorten the text.',
} as const;

/** Caps on what one synced document carries: an image (as a data URL) and the rich-text header's HTML. */
export const MAX_HEADER_IMAGE_CHARS = 400_000;
export const MAX_HEADER_HTML_CHARS = 20_000;

/** A header or footer image: a data URL of a raster image (what the upload screen stores). */
export function isImageDataUrl(v: unknown): v is string {
  return typeof v === 'string' && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(v);
}

/** Image mode is chosen by whether the stored header has an image. */
export function headerHasImage(h: InvoiceHeader | null | undefined): boolean {
  return !!h && (!!h.img || isImageDataUrl(h.header));
}

export type InvoiceHeaderCommands = {
  /** The stored header, or null when the business has none (invoices then show the business name). */
  'invoice-header-get': (input: Record<string, never>) => Promise<InvoiceHeader | null>;
  /** Admin only; replaces the header (rich-text content, or img with header/footer data URLs and a size). */
  'invoice-header-set': (input: InvoiceHeader) => Promise<InvoiceHeader>;
};

/** What each read depends on (see commands/reads.ts). */
export const INVOICE_HEADER_READS = {
  'invoice-header-get': ['invoice-header'],
} as const satisfies Reads<InvoiceHeaderCommands>;
