/**
 * The printer chunk's entry (loaded by ./after-sale.ts and the printer screen with import(), never with the
 * app): a saved sale read back from the worker, encoded for this device's printer and sent to it.
 */
import type { InvoiceHeader } from '../../commands/invoice-header';
import { headerHasImage } from '../../commands/invoice-header';
import type { SaleDoc } from '../../commands/docs';
import { dispatch } from '../bus';
import { session } from '../session';
import { encodeReceipt } from './receipt-encode';
import { sendToPrinter } from './drivers';
import type { PrinterSettings } from './settings';

export { choosePrinter, PrinterMissing } from './drivers';

/** Header lines a receipt printer can show: the rich-text header's text, a line per paragraph (at most 6). */
export function headerText(header: InvoiceHeader | null | undefined): string[] {
  if (!header?.content || headerHasImage(header)) return [];
  // DOMParser's document runs no script and loads nothing: it only gives the text back.
  const html = header.content.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li)>/gi, '\n');
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 6);
}

function businessName(): string {
  return session.value?.businessName || session.value?.business || '';
}

async function print(sale: SaleDoc, p: PrinterSettings): Promise<void> {
  const header = await dispatch('invoice-header-get', {});
  const bytes = encodeReceipt({ sale, business: businessName(), headerLines: header.ok ? headerText(header.value) : [] }, p);
  await sendToPrinter(p, session.value?.business ?? '', bytes);
}

/**
 * Prints a saved sale's receipt on this device's printer (throws PrinterMissing when it cannot be reached).
 * A reprint (`copy`) does not open the cash drawer: no money changes hands for it.
 */
export async function printSale(saleId: string, p: PrinterSettings, { copy = false } = {}): Promise<void> {
  const reply = await dispatch('sale-get', { id: saleId });
  if (!reply.ok) throw new Error(reply.error.message);
  await print(reply.value.sale, copy ? { ...p, drawer: false } : p);
}

/** A test receipt from the printer screen: a made-up sale of one item, no drawer kick. */
export async function printTestReceipt(p: PrinterSettings): Promise<void> {
  const sale = {
    _id: 'test',
    stores: 'sale',
    invoice_number: 'TEST',
    date: Date.now(),
    customer: { with_account: false, name: 'Test receipt' },
    items: [{ id: 'test', name: 'Test item', price: 100, quantity: 1 }],
    amount_paid: 0,
    total_due: 100,
    total_quantity: 1,
    summary: '',
  } as unknown as SaleDoc;
  await print(sale, { ...p, drawer: false });
}
