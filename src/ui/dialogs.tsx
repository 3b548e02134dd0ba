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
import { lazy, Suspense } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { AlertOptions, ConfirmOptions, PendingDialog } from './DialogModal';

export type { AlertOptions, ConfirmOptions } from './DialogModal';

type Pending = PendingDialog & ({ kind: 'confirm'; resolve: (ok: boolean) => void } | { kind: 'alert'; resolve: () => void });

// The modal (and floating-ui with it) loads with the first dialog, not with the sign-in screen.
const DialogModal = lazy(() => import('./DialogModal').then((m) => ({ default: m.DialogModal })));

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
  return (
    <>
      {head && (
        <Suspense fallback={null}>
          <DialogModal dialog={head} answer={finish} />
        </Suspense>
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
