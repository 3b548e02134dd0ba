/**
 * /preferences/invoice: the invoice header, in the mode the stored header has (document 001 'Invoice
 * customisation'): with an image, the header and footer images (changed on /preferences/invoice/upload);
 * otherwise the rich-text header editor, whose HTML is cleaned with DOMPurify before it is saved. The editor
 * starts from the header stored when it opens and is not reset by later changes (typing is never clobbered).
 */
import { useState } from 'react';
import { headerHasImage, type InvoiceHeader } from '../../../commands/invoice-header';
import { dispatch } from '../../bus';
import { useLive } from '../../live';
import { Link } from '../../router';
import type { ScreenProps } from '../../screen';
import { ErrorAlert } from '../../ui/fields';
import { cleanHtml } from '../../ui/sanitize';
import { HeaderEditor, useHeaderEditor } from './HeaderEditor';

export const UPLOAD_PATH = '/preferences/invoice/upload';

function RichTextMode({ header }: { header: InvoiceHeader | null }) {
  const editor = useHeaderEditor(cleanHtml(header?.content ?? ''));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const save = async () => {
    if (!editor) return;
    const content = cleanHtml(editor.getHTML());
    const reply = await dispatch('invoice-header-set', { content });
    setError(reply.ok ? '' : reply.error.message);
    setSaved(reply.ok ? 'The invoice header is saved. Invoices print it from now on.' : '');
  };
  return (
    <div className="card">
      <h2>Header text</h2>
      <ErrorAlert message={error} />
      {saved && (
        <div className="alert alert-success" role="status">
          {saved}
        </div>
      )}
      <HeaderEditor editor={editor} />
      <div className="screen-actions">
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          Save
        </button>
        <Link to={UPLOAD_PATH} className="btn">
          Use images instead
        </Link>
      </div>
    </div>
  );
}

function ImageMode({ header }: { header: InvoiceHeader }) {
  const [error, setError] = useState('');
  const useText = async () => {
    const reply = await dispatch('invoice-header-set', { content: '' });
    setError(reply.ok ? '' : reply.error.message);
  };
  return (
    <div className="card">
      <h2>Header and footer images</h2>
      <ErrorAlert message={error} />
      {header.header && <img className="image-preview" src={header.header} alt="Invoice header" data-testid="current-header-image" />}
      {header.footer && <img className="image-preview" src={header.footer} alt="Invoice footer" />}
      <div className="screen-actions">
        <Link to={UPLOAD_PATH} className="btn btn-primary">
          Change images
        </Link>
        <button type="button" className="btn" onClick={() => void useText()}>
          Use a text header instead
        </button>
      </div>
    </div>
  );
}

export function InvoiceCustomisation({ title }: ScreenProps) {
  const { data, loading } = useLive('invoice-header-get', {});
  return (
    <section className="screen" data-testid="invoice-customisation">
      <h1>{title}</h1>
      {loading && data === undefined ? <p>Loading…</p> : data && headerHasImage(data) ? <ImageMode header={data} /> : <RichTextMode header={data ?? null} />}
    </section>
  );
}
