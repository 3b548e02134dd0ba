/**
 * When the receipt printer cannot be reached after a quick sale, the receipt prints with the browser instead,
 * and the invoice page says so (a notice that stays, so the cashier knows why the dialog appeared).
 */
import { useEffect, useState } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

export const printFallback = signal<{ saleId: string; message: string } | null>(null);

export function browserPrintInstead(saleId: string, why: string): void {
  printFallback.value = { saleId, message: `${why.trim()} The receipt prints with the browser instead.`.trim() };
}

/** On the invoice page of `saleId`: the notice, then the browser's print once the receipt is on screen. */
export function PrintFallbackNotice({ saleId }: { saleId: string }) {
  useSignals();
  const pending = printFallback.value;
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (pending?.saleId !== saleId) return;
    printFallback.value = null;
    setMessage(pending.message);
  }, [pending, saleId]);
  useEffect(() => {
    if (message) window.print();
  }, [message]);
  if (!message) return null;
  return (
    <p className="alert alert-warning no-print" role="alert" data-testid="printer-fallback">
      {message}
    </p>
  );
}
