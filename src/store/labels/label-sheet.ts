/**
 * Shelf and item labels: the label sizes a shop prints on, which barcode each item gets, and the printed
 * page's CSS. A roll of 38 × 25 mm or 50 × 30 mm labels prints one label a page (the printer's page is the
 * label); an A4 sheet holds 5 × 11 labels of 38 × 25 mm (the common 55-up sheet).
 */
import { isValidEan13 } from '../../../commands/lib/scale-barcode';

export type LabelSize = '38x25' | '50x30' | 'A4';
export type BarcodeKind = 'CODE128' | 'EAN13';

type SizeSpec = { label: string; width: number; height: number; page: string; columns?: number };

export const LABEL_SIZES: Record<LabelSize, SizeSpec> = {
  '38x25': { label: '38 × 25 mm labels', width: 38, height: 25, page: '38mm 25mm' },
  '50x30': { label: '50 × 30 mm labels', width: 50, height: 30, page: '50mm 30mm' },
  A4: { label: 'A4 sheet (5 × 11 labels of 38 × 25 mm)', width: 38, height: 25, page: 'A4', columns: 5 },
};

export const BARCODE_KINDS: readonly { value: BarcodeKind; label: string }[] = [
  { value: 'CODE128', label: 'Code 128 (any code)' },
  { value: 'EAN13', label: 'EAN-13 (13-digit codes)' },
];

/** The code a label carries: the item's barcode, else its id (scanning looks up either). */
export function labelCode(item: { _id: string; barcode?: string }): string {
  return item.barcode?.trim() || item._id;
}

/**
 * EAN-13 only for a code that is one (13 digits with a right check digit); any other code prints as Code 128,
 * which encodes every character, so a label never carries a barcode that scans as something else.
 */
export function barcodeKind(code: string, wanted: BarcodeKind): BarcodeKind {
  return wanted === 'EAN13' && isValidEan13(code) ? 'EAN13' : 'CODE128';
}

/** The printed page: its size and margins, and each label's box. */
export function labelSheetCss(size: LabelSize): string {
  const s = LABEL_SIZES[size];
  const box = `width: ${s.width}mm; height: ${s.height}mm;`;
  if (s.columns) {
    return `@page { size: A4; margin: 10mm 10mm; }
.label-sheet { display: grid; grid-template-columns: repeat(${s.columns}, ${s.width}mm); grid-auto-rows: ${s.height}mm; }
.label { ${box} }`;
  }
  return `@page { size: ${s.page}; margin: 0; }
.label { ${box} break-after: page; page-break-after: always; }
.label:last-child { break-after: auto; page-break-after: auto; }`;
}
