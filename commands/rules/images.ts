/**
 * Picture caps: an item's picture (MAX_IMAGE_CHARS) and the invoice header's images and rich text
 * (MAX_HEADER_IMAGE_CHARS, MAX_HEADER_HTML_CHARS), with the worker's messages.
 */
import { INVOICE_HEADER_MESSAGES, MAX_HEADER_HTML_CHARS, MAX_HEADER_IMAGE_CHARS } from '../invoice-header';
import { MAX_IMAGE_CHARS } from '../items';
import { kindOf, type Rule } from './types';

/** The worker's message for an item's picture over the cap (worker/items/fields.ts). */
export const ITEM_IMAGE_TOO_LARGE = 'The image is too large.';

export const imageRule: Rule = (w) => {
  const { doc } = w;
  if (doc._deleted === true) return undefined;
  const kind = kindOf(w);
  if (kind === 'item' && typeof doc.image === 'string' && doc.image.length > MAX_IMAGE_CHARS) return ITEM_IMAGE_TOO_LARGE;
  if (kind === 'invoice-header') {
    for (const picture of [doc.header, doc.footer]) if (typeof picture === 'string' && picture.length > MAX_HEADER_IMAGE_CHARS) return INVOICE_HEADER_MESSAGES.imageTooLarge;
    if (typeof doc.content === 'string' && doc.content.length > MAX_HEADER_HTML_CHARS) return INVOICE_HEADER_MESSAGES.contentTooLong;
  }
  return undefined;
};
