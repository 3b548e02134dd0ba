/** The invoice-size setting as CSS: the on-screen width and the printed @page size. */
import type { PaperSize } from '../../../commands/config';

const WIDTHS: Record<PaperSize, string> = { '58mm': '58mm', '80mm': '80mm', '105mm': '105mm', A5: '148mm', A4: '210mm' };
const HEIGHTS: Partial<Record<PaperSize, string>> = { A5: '210mm', A4: '297mm' };

export function invoiceWidth(size: PaperSize): string {
  return WIDTHS[size] ?? WIDTHS['105mm'];
}

/** '@page' size: the width and the set height (e.g. '278mm'); a roll receipt without one prints A4-long pages. */
export function pageRule(size: PaperSize, height: string): string {
  const h = height.trim() || HEIGHTS[size] || '297mm';
  return `@page { size: ${invoiceWidth(size)} ${h}; margin: 0; }`;
}
