/**
 * The receipt printer on a sale's invoice page: when it could not be reached after a quick sale, the notice
 * saying so (it stays, so the cashier knows why the browser's dialog appeared) and the browser's print once
 * the receipt is on screen; with a printer set on this device, 'Print on receipt printer' to print it again.
 */
import { useEffect, useState } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { loadPrinter } from './settings';

export const printFallback = signal<{ saleId: string; message: string } | null>(null);

export const FALLBACK_TEXT = 'The receipt prints with the browser instead.';

export function browserPrintInstead(saleId: string, why: string): void {
  printFallback.value = { saleId, message: `${why.trim()} ${FALLBACK_TEXT}` };
}

function Reprint({ saleId }: { saleId: string }) {
  const [state, setState] = useState<{ busy: boolean; said: string }>({ busy: false, said: '' });
  const reprint = async () => {
    const printer = loadPrinter();
    if (!printer) return;
    setState({ busy: true, said: '' });
    try {
      await (await import('./print-sale')).printSale(saleId, printer, { copy: true });
      setState({ busy: false, said: 'Receipt sent to the printer.' });
    } catch (e) {
      setState({ busy: false, said: e instanceof Error && e.message ? e.message : 'The receipt printer could not be used.' });
    }
  };
  return (
    <div className="actions">
      <button type="button" className="btn" disabled={state.busy} onClick={() => void reprint()}>
        Print on receipt printer
      </button>
      {state.said && (
        <span role="status" data-testid="reprint-status">
          {state.said}
        </span>
      )}
    </div>
  );
}

/** On the invoice page of `saleId`, below its actions. */
export function ReceiptPrinterBar({ saleId }: { saleId: string }) {
  useSignals();
  const pending = printFallback.value;
  const [message, setMessage] = useState('');
  const [hasPrinter] = useState(() => !!loadPrinter());
  useEffect(() => {
    if (pending?.saleId !== saleId) return;
    printFallback.value = null;
    setMessage(pending.message);
  }, [pending, saleId]);
  useEffect(() => {
    if (message) window.print();
  }, [message]);
  return (
    <div className="no-print">
      {message && (
        <p className="alert alert-warning" role="alert" data-testid="printer-fallback">
          {message}
        </p>
      )}
      {hasPrinter && <Reprint saleId={saleId} />}
    </div>
  );
}
