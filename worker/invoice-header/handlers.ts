/** invoice-header-get and invoice-header-set: the one 'invoice-header' document of the shared database. */
import type { InvoiceHeaderDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { INVOICE_HEADER_ID, INVOICE_HEADER_MESSAGES, isImageDataUrl, MAX_HEADER_HTML_CHARS, MAX_HEADER_IMAGE_CHARS, type InvoiceHeader } from '../../commands/invoice-header';
import { actingUser } from '../acting-user';
import { getKind } from '../db';
import { domain } from '../registry';
import { putDoc } from '../writes';

function view(doc: InvoiceHeaderDoc): InvoiceHeader {
  const { content, img, header, footer, size } = doc;
  return { content, img, header, footer, size };
}

export default domain(
  {
    'invoice-header-get': async (_input, ctx) => {
      const doc = await getKind(ctx.db.shared, INVOICE_HEADER_ID, 'invoice-header');
      return doc ? view(doc) : null;
    },

    'invoice-header-set': async (input, ctx) => {
      if (actingUser(ctx).level !== 0) throw new UserError('forbidden', INVOICE_HEADER_MESSAGES.adminOnly);
      for (const image of [input.header, input.footer]) {
        if (image !== undefined && image !== '' && !isImageDataUrl(image)) throw new UserError('not-image', INVOICE_HEADER_MESSAGES.notImage);
        if (image && image.length > MAX_HEADER_IMAGE_CHARS) throw new UserError('too-large', INVOICE_HEADER_MESSAGES.imageTooLarge);
      }
      if (typeof input.content === 'string' && input.content.length > MAX_HEADER_HTML_CHARS) throw new UserError('too-long', INVOICE_HEADER_MESSAGES.contentTooLong);
      const current = await getKind(ctx.db.shared, INVOICE_HEADER_ID, 'invoice-header');
      const doc: InvoiceHeaderDoc = {
        _id: INVOICE_HEADER_ID,
        ...(current?._rev ? { _rev: current._rev } : {}),
        stores: 'invoice-header',
        // The editor sanitises the HTML before it sends it (DOMPurify needs a DOM, the worker has none) and every
        // screen that shows it sanitises it again: a document synced from elsewhere is never trusted.
        ...(typeof input.content === 'string' ? { content: input.content } : {}),
        ...(input.img ? { img: true } : {}),
        ...(input.header ? { header: input.header } : {}),
        ...(input.footer ? { footer: input.footer } : {}),
        ...(input.size ? { size: { width: String(input.size.width ?? ''), height: String(input.size.height ?? '') } } : {}),
      };
      await putDoc(ctx.db.shared, doc as never);
      return view(doc);
    },
  },
  { writes: ['invoice-header-set'] },
);
