/**
 * Promise-based confirm and alert dialogs and a toast, with the exact texts passed in (the spec's wording).
 * <DialogHost /> is mounted once by the App; any screen calls:
 *
 *   if (await confirmDialog({ title: 'Are you sure?', text: 'You might not be able to revert this!',
 *                             confirmText: 'Yes, delete it!' })) { … }
 *   else await alertDialog({ title: 'Cancelled', text: 'Your data is safe' });
 *   await alertDialog({ title: 'Deleted!', text: 'Your file has been deleted.', autoCloseMs: 1750 });
 *   toast('SMS units has been exhausted');          // 5 s, bottom right
 *
 * Escape or Cancel answers false; the confirm button answers true. Focus starts on the confirm button.
 */
import { useRef } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Modal } from './Modal';

export type ConfirmOptions = { title: string; text?: string; confirmText?: string; cancelText?: string };
export type AlertOptions = { title: string; text?: string; okText?: string; autoCloseMs?: number };

type Pending =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { kind: 'alert'; options: AlertOptions; resolve: () => void };

const queue = signal<Pending[]>([]);
const toasts = signal<{ id: number; text: string }[]>([]);
let toastSeq = 0;

function push(p: Pending): void {
  queue.value = [...queue.value, p];
}

function finish(answer: boolean): void {
  const [head, ...rest] = queue.value;
  if (!head) return;
  queue.value = rest;
  if (head.kind === 'confirm') head.resolve(answer);
  else head.resolve();
}

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => push({ kind: 'confirm', options, resolve }));
}

export function alertDialog(options: AlertOptions): Promise<void> {
  return new Promise((resolve) => {
    const entry: Pending = { kind: 'alert', options, resolve };
    push(entry);
    if (options.autoCloseMs) {
      setTimeout(() => {
        if (queue.value[0] === entry) finish(true);
        else if (queue.value.includes(entry)) {
          queue.value = queue.value.filter((p) => p !== entry);
          resolve();
        }
      }, options.autoCloseMs);
    }
  });
}

export function toast(text: string, ms = 5000): void {
  const id = ++toastSeq;
  toasts.value = [...toasts.value, { id, text }];
  setTimeout(() => (toasts.value = toasts.value.filter((t) => t.id !== id)), ms);
}

export function DialogHost() {
  useSignals();
  const head = queue.value[0];
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {head && (
        <Modal
          open
          role={head.kind === 'confirm' ? 'alertdialog' : 'dialog'}
          title={head.options.title}
          onClose={() => finish(false)}
          initialFocus={okRef}
          testId={head.kind === 'confirm' ? 'confirm-dialog' : 'alert-dialog'}
          footer={
            head.kind === 'confirm' ? (
              <>
                <button type="button" className="btn" onClick={() => finish(false)}>
                  {head.options.cancelText ?? 'Cancel'}
                </button>
                <button type="button" className="btn btn-primary" ref={okRef} onClick={() => finish(true)}>
                  {head.options.confirmText ?? 'OK'}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-primary" ref={okRef} onClick={() => finish(true)}>
                {head.options.okText ?? 'OK'}
              </button>
            )
          }
        >
          {head.options.text && <p>{head.options.text}</p>}
        </Modal>
      )}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.value.map((t) => (
          <div key={t.id} className="toast">
            {t.text}
          </div>
        ))}
      </div>
    </>
  );
}
