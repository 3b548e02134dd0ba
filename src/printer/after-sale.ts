/**
 * One-key printing: after the quick sale saves a sale, its receipt goes to this device's printer with no dialog
 * (the printer chunk loads on the first print). No printer set on this device: nothing happens here (the
 * invoice page's Print remains). A printer set but not reachable: the invoice page opens, says so and prints
 * with the browser (./fallback.tsx).
 */
import { navigate } from '../router';
import { toast } from '../ui/dialogs';
import { browserPrintInstead } from './fallback';
import { loadPrinter } from './settings';

export const PRINTED = 'Receipt sent to the printer';

export async function printAfterSale(saleId: string): Promise<void> {
  const printer = loadPrinter();
  if (!printer) return;
  try {
    const chunk = await import('./print-sale');
    await chunk.printSale(saleId, printer);
    toast(PRINTED);
  } catch (e) {
    // The drivers' PrinterMissing says what is wrong in a sentence; anything else (the chunk not loading offline
    // before it was ever cached, the sale not readable) is said plainly, without its technical text.
    const missing = e instanceof Error && (e as { printerMissing?: boolean }).printerMissing && e.message;
    browserPrintInstead(saleId, missing ? (/[.!?]$/.test(missing) ? missing : `${missing}.`) : 'The receipt printer could not be used.');
    navigate(`/sales/invoice/${saleId}`);
  }
}
