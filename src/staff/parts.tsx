/** Pieces the Users and Branch offices screens share: the list frame and the modal footer. */
import { useState, type ReactNode } from 'react';
import { alertDialog } from '../ui/dialogs';
import { ErrorAlert } from '../ui/fields';
import type { Answer } from '../signin/server-api';

/** What the New modal gets: close it, or report a creation (closes, reloads the list, shows the alert). */
export type ModalControl = { close: () => void; created: (title: string, text: string) => Promise<void> };

/** Title with its New button and modal, the load error, the spec's empty text, or the table. */
export function ListFrame(props: {
  title: string;
  newLabel: string;
  error: string;
  empty: string;
  count: number | undefined;
  reload: () => Promise<void>;
  modal: (control: ModalControl) => ReactNode;
  children: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const close = () => setAdding(false);
  const created = async (title: string, text: string) => {
    close();
    await props.reload();
    await alertDialog({ title, text });
  };
  return (
    // Laid out as every other list screen (Expenses, Store): the title, its actions below, the table in its card.
    <section className="screen" aria-label={props.title}>
      <h1>{props.title}</h1>
      <div className="screen-actions">
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          {props.newLabel}
        </button>
      </div>
      <ErrorAlert message={props.error} />
      {props.count === 0 && <p className="empty">{props.empty}</p>}
      {props.count !== undefined && props.count > 0 && props.children}
      {adding && props.modal({ close, created })}
    </section>
  );
}

export function ModalFooter({ formId, label, busy, onCancel }: { formId: string; label: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
        {label}
      </button>
    </>
  );
}

/** The server's message for a refused request (4xx), or the fallback for network and server failures. */
export function failureText(res: Answer<unknown>, fallback: string): string {
  return !res.ok && res.status >= 400 && res.status < 500 && res.message ? res.message : fallback;
}
