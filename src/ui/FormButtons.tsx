/**
 * A dialog form's Cancel and submit buttons. The submit button belongs to the form by id, so it may sit in the
 * Modal's footer, outside the <form>, and Enter in any field still submits.
 *
 *   <Modal footer={<FormButtons form="new-bank-form" busy={busy} onCancel={onClose} />}> <form id="new-bank-form"> …
 */
export function FormButtons({ form, busy, onCancel, label = 'Save' }: { form: string; busy: boolean; onCancel: () => void; label?: string }) {
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
