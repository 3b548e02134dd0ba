/** The pieces every client dialog shares: its form, its Cancel/submit buttons, the money direction with Change. */
import type { ReactNode } from 'react';
import { ErrorAlert } from '../ui/fields';

/** Cancel and submit buttons of a client dialog; the submit button belongs to the dialog's form by id. */
export function DialogButtons({ form, busy, label, onCancel }: { form: string; busy: boolean; label: string; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={form} className="btn btn-primary" disabled={busy}>
        {label}
      </button>
    </>
  );
}

/** Which way money goes, with the spec's Change button that flips it. */
export function Direction({ text, onChange, testId }: { text: string; onChange: () => void; testId?: string }) {
  return (
    <div className="field direction" data-testid={testId}>
      <span aria-live="polite">{text}</span>{' '}
      <button type="button" className="btn btn-small" onClick={onChange}>
        Change
      </button>
    </div>
  );
}

/** A dialog's form: Enter in any field submits; the failure's text shows in the red alert above the fields. */
export function DialogForm({ id, error, onSubmit, children }: { id: string; error: string; onSubmit: () => Promise<void> | void; children: ReactNode }) {
  return (
    <form
      id={id}
      // The worker's messages (the spec's texts) are the validation, shown in the red alert, not the browser's.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // React events bubble through the dialog's portal: a dialog opened inside another form (the sale form's
        // New customer) must not submit that form too.
        e.stopPropagation();
        void onSubmit();
      }}
    >
      <ErrorAlert message={error} />
      {children}
    </form>
  );
}
