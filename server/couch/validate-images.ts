/**
 * The picture caps of validate_doc_update: the worker's own caps (an item's picture: MAX_IMAGE_CHARS,
 * worker/items/fields.ts; the invoice header's images and rich text: MAX_HEADER_IMAGE_CHARS and
 * MAX_HEADER_HTML_CHARS, worker/invoice-header/handlers.ts) with the worker's messages, so a device that skips
 * the worker (an old build, a hand-made request) cannot store what the app would not: before, a 900 KB header
 * image was stored where the app allows 400 KB. Injected into ./validate.ts at %IMAGE_RULES%.
 *
 * ES5 for CouchDB's JavaScript engine, inside a template literal: no backslashes.
 */
import { INVOICE_HEADER_MESSAGES, MAX_HEADER_HTML_CHARS, MAX_HEADER_IMAGE_CHARS } from '../../commands/invoice-header';
import { MAX_IMAGE_CHARS } from '../../commands/items';

/** The worker's message for an item's picture over the cap (worker/items/fields.ts). */
export const ITEM_IMAGE_TOO_LARGE = 'The image is too large.';

const SOURCE = `
  if (!newDoc._deleted && newDoc.stores === 'item' && typeof newDoc.image === 'string' && newDoc.image.length > %MAX_IMAGE_CHARS%) {
    throw { forbidden: %ITEM_IMAGE_TOO_LARGE% };
  }
  if (!newDoc._deleted && newDoc.stores === 'invoice-header') {
    var pictures = [newDoc.header, newDoc.footer];
    for (var pi = 0; pi < pictures.length; pi++) {
      if (typeof pictures[pi] === 'string' && pictures[pi].length > %MAX_HEADER_IMAGE_CHARS%) throw { forbidden: %HEADER_IMAGE_TOO_LARGE% };
    }
    if (typeof newDoc.content === 'string' && newDoc.content.length > %MAX_HEADER_HTML_CHARS%) throw { forbidden: %HEADER_TOO_LONG% };
  }
`;

export function imageRulesSource(): string {
  const values: Record<string, string> = {
    MAX_IMAGE_CHARS: String(MAX_IMAGE_CHARS),
    ITEM_IMAGE_TOO_LARGE: JSON.stringify(ITEM_IMAGE_TOO_LARGE),
    MAX_HEADER_IMAGE_CHARS: String(MAX_HEADER_IMAGE_CHARS),
    HEADER_IMAGE_TOO_LARGE: JSON.stringify(INVOICE_HEADER_MESSAGES.imageTooLarge),
    MAX_HEADER_HTML_CHARS: String(MAX_HEADER_HTML_CHARS),
    HEADER_TOO_LONG: JSON.stringify(INVOICE_HEADER_MESSAGES.contentTooLong),
  };
  return SOURCE.replace(/%([A-Z_]+)%/g, (_, name: string) => values[name]);
}
