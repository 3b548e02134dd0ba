/** The confirm or alert modal of src/ui/dialogs.tsx (loaded with the first dialog, so floating-ui is too). */
import { useRef } from 'react';
import { Modal } from './Modal';

export type ConfirmOptions = { title: string; text?: string; confirmText?: string; cancelText?: string };
export type AlertOptions = { title: string; text?: string; okText?: string; autoCloseMs?: number };
export type PendingDialog = { kind: 'confirm'; options: ConfirmOptions } | { kind: 'alert'; options: AlertOptions };

export function DialogModal({ dialog, answer }: { dialog: PendingDialog; answer: (ok: boolean) => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      role={dialog.kind === 'confirm' ? 'alertdialog' : 'dialog'}
      title={dialog.options.title}
      onClose={() => answer(false)}
      initialFocus={okRef}
      testId={dialog.kind === 'confirm' ? 'confirm-dialog' : 'alert-dialog'}
      footer={
        dialog.kind === 'confirm' ? (
          <>
            <button type="button" className="btn" onClick={() => answer(false)}>
              {dialog.options.cancelText ?? 'Cancel'}
            </button>
            <button type="button" className="btn btn-primary" ref={okRef} onClick={() => answer(true)}>
              {dialog.options.confirmText ?? 'OK'}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" ref={okRef} onClick={() => answer(true)}>
            {dialog.options.okText ?? 'OK'}
          </button>
        )
      }
    >
      {dialog.options.text && <p>{dialog.options.text}</p>}
    </Modal>
  );
}
