/** The invoice-size setting as CSS: the on-screen width and the printed @page size and margin. */
import type { PaperSize } from '../../../commands/config';

const WIDTHS: Record<PaperSize, string> = { '58mm': '58mm', '80mm': '80mm', '105mm': '105mm', A5: '148mm', A4: '210mm' };
const HEIGHTS: Partial<Record<PaperSize, string>> = { A5: '210mm', A4: '297mm' };
/**
 * A sheet's printed margin: most office printers cannot print the outer 4-6 mm, so text at the edge was clipped
 * (issue 39: the A4 invoice printed 2 mm from the edge). A roll printer's head covers its paper: no margin.
 */
const SHEET_MARGINS: Partial<Record<PaperSize, string>> = { A5: '10mm', A4: '12mm' };

export function invoiceWidth(size: PaperSize): string {
  return WIDTHS[size] ?? WIDTHS['105mm'];
}

/** True for the roll sizes (58, 80, 105 mm): paper as long as what is printed on it. */
export const isRoll = (size: PaperSize): boolean => !HEIGHTS[size];

/**
 * '@page' size and margin: the width and the set height (e.g. '278mm'); a roll without a set height is given the
 * height of what it prints by ./PageRule.tsx (an 80 mm Z-report printed on a page 297 mm long).
 */
export function pageRule(size: PaperSize, height: string): string {
  const h = height.trim() || HEIGHTS[size] || '297mm';
  return `@page { size: ${invoiceWidth(size)} ${h}; margin: ${SHEET_MARGINS[size] ?? '0'}; }`;
}

/** A height on screen in CSS pixels as printed millimetres (96 px to the inch), rounded up. */
export const pxToMm = (px: number): number => Math.ceil((px * 25.4) / 96);
