/**
 * A sale's receipt as the bytes a thermal printer takes (ESC/POS or StarPRNT) through
 * @point-of-sale/receipt-printer-encoder: the lines of ./receipt-lines.ts, the invoice number as a QR code or
 * a Code 128 barcode, a cut, and the cash drawer's kick for a sale paid in cash. Loaded only with the printer
 * chunk (./print-sale.ts): the encoder is ~100 kB the sign-in screen never needs.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { SaleDoc } from '../../commands/docs';
import { paidInCash, receiptBlocks } from './receipt-lines';
import { columnsFor, type PrinterSettings } from './settings';

export type EncodeInput = { sale: SaleDoc; business: string; headerLines?: string[] };
export type EncodeOptions = Pick<PrinterSettings, 'language' | 'paper' | 'currencyText' | 'code' | 'drawer' | 'codepageMapping'>;

/**
 * The encoder with the printer's codepage table when the encoder knows it by that name. The USB driver reports
 * names of its own for some printers ('zjiang', 'default') that the encoder refuses ('Unknown codepage
 * mapping'): those print with the encoder's default table (ESC/POS: Epson's) rather than not at all.
 */
function makeEncoder(language: EncodeOptions['language'], columns: number, codepageMapping: string | undefined): ReceiptPrinterEncoder {
  if (codepageMapping) {
    try {
      return new ReceiptPrinterEncoder({ language, columns, codepageMapping: codepageMapping as never });
    } catch {
      // not a table the encoder knows: its default below
    }
  }
  return new ReceiptPrinterEncoder({ language, columns });
}

export function encodeReceipt({ sale, business, headerLines = [] }: EncodeInput, opts: EncodeOptions): Uint8Array {
  const columns = columnsFor(opts.paper);
  const encoder = makeEncoder(opts.language, columns, opts.codepageMapping);
  encoder.initialize().codepage('auto');
  for (const b of receiptBlocks({ sale, business, headerLines, currencyText: opts.currencyText, columns })) {
    switch (b.kind) {
      case 'title':
        encoder.align('center').bold(true).line(b.text).bold(false).align('left');
        break;
      case 'center':
        encoder.align('center').line(b.text).align('left');
        break;
      case 'bold':
        encoder.bold(true).line(b.text).bold(false);
        break;
      case 'text':
        encoder.line(b.text);
        break;
      case 'rule':
        encoder.rule({ width: columns });
        break;
      case 'code':
        encoder.align('center');
        if (opts.code === 'barcode') encoder.barcode(b.value, 'code128', { height: 60, text: 'below' });
        else encoder.qrcode(b.value, { size: opts.paper === 58 ? 5 : 6 });
        encoder.align('left');
        break;
    }
  }
  encoder.newline(3);
  if (opts.drawer && paidInCash(sale)) encoder.pulse();
  return encoder.cut().encode();
}
