/**
 * Lays a PdfSpec out on A4 with jsPDF, in this chunk only (src/share/pdf-share.ts is its one way in, imported
 * on the first Share PDF): the header lines centred, the title, the meta lines, the table (wrapped cells,
 * amounts right-aligned, its heading repeated on each new page), the totals right-aligned, the notes, and
 * 'Page n of m' when there is more than one page. The text is DejaVu Sans embedded (./pdf-font-data.ts): the
 * PDF's standard fonts cannot write ₦ (WinAnsi has no U+20A6), and amounts keep the sign the printout shows.
 */
import { jsPDF } from 'jspdf';
import { DEJAVU_SANS, DEJAVU_SANS_BOLD } from './pdf-font-data';
import type { PdfSpec } from './pdf-spec';

const FONT = 'DejaVuSans';
const MARGIN = 40;
const PAD = 4;

export function makePdf(spec: PdfSpec): ArrayBuffer {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  doc.addFileToVFS('DejaVuSans.ttf', DEJAVU_SANS);
  doc.addFileToVFS('DejaVuSans-Bold.ttf', DEJAVU_SANS_BOLD);
  doc.addFont('DejaVuSans.ttf', FONT, 'normal');
  doc.addFont('DejaVuSans-Bold.ttf', FONT, 'bold');
  doc.setProperties({ title: spec.title, creator: 'Oja' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const width = pageWidth - 2 * MARGIN;
  const bottom = pageHeight - MARGIN - 14;
  let y = MARGIN;

  const font = (size: number, weight: 'normal' | 'bold' = 'normal') => {
    doc.setFont(FONT, weight);
    doc.setFontSize(size);
  };
  const lineHeight = () => doc.getFontSize() * 1.3;
  /** Starts a new page when `height` more would run past the bottom margin; true when it did. */
  const room = (height: number) => {
    if (y + height <= bottom) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const paragraph = (text: string, align: 'left' | 'center' = 'left') => {
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      room(lineHeight());
      y += lineHeight();
      doc.text(line, align === 'center' ? pageWidth / 2 : MARGIN, y - doc.getFontSize() * 0.3, { align });
    }
  };

  spec.header.forEach((line, i) => {
    font(i === 0 ? 14 : 10, i === 0 ? 'bold' : 'normal');
    paragraph(line, 'center');
  });
  y += 10;
  font(13, 'bold');
  paragraph(spec.title);
  font(10);
  for (const line of spec.meta) paragraph(line);
  y += 8;

  if (spec.table) drawTable(spec.table);

  // Totals: label and value, right-aligned as on the printout; the last (Balance) in bold.
  y += 6;
  const labelWidth = Math.max(...spec.totals.map(([l]) => (font(10, 'bold'), doc.getTextWidth(l))), 0);
  spec.totals.forEach(([label, value], i) => {
    font(10, i === spec.totals.length - 1 && spec.table ? 'bold' : 'normal');
    const valueLines = doc.splitTextToSize(value, width - labelWidth - 3 * PAD) as string[];
    const h = valueLines.length * lineHeight();
    room(h);
    const base = y + doc.getFontSize();
    if (spec.table) {
      doc.text(label, pageWidth - MARGIN - labelWidth - 2 * PAD - Math.max(...valueLines.map((l) => doc.getTextWidth(l))), base, { align: 'right' });
      valueLines.forEach((l, k) => doc.text(l, pageWidth - MARGIN, base + k * lineHeight(), { align: 'right' }));
    } else {
      doc.text(label, MARGIN, base);
      valueLines.forEach((l, k) => doc.text(l, MARGIN + labelWidth + 3 * PAD, base + k * lineHeight()));
    }
    y += h;
  });
  y += 10;
  font(9);
  for (const note of spec.notes) paragraph(note);

  const pages = doc.getNumberOfPages();
  if (pages > 1) {
    font(8);
    for (let p = 1; p <= pages; p++) {
      doc.setPage(p);
      doc.text(`Page ${p} of ${pages}`, pageWidth - MARGIN, pageHeight - MARGIN / 2, { align: 'right' });
    }
  }
  return doc.output('arraybuffer');

  function drawTable(table: NonNullable<PdfSpec['table']>) {
    // A column's natural width: its widest cell, and the longest word of its heading (a heading may wrap).
    const natural = table.columns.map((title, c) => {
      font(9, 'bold');
      const head = Math.max(...title.split(' ').map((w) => doc.getTextWidth(w)));
      font(9);
      // +1: splitTextToSize measures a hair wider than getTextWidth, and an amount must never wrap.
      return Math.max(head, ...table.rows.map((r) => doc.getTextWidth(r[c] ?? ''))) + 2 * PAD + 1;
    });
    // The serial column and the amounts keep their natural width. The text columns share the rest fairly: one
    // narrower than its share keeps its width, the others split what it leaves (so a date is not wrapped to
    // make room for a long description); room left over goes to the text columns alike.
    const isFixed = (c: number) => table.numeric[c] || c === 0;
    const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
    const widths = natural.slice();
    let open = natural.map((_, c) => c).filter((c) => !isFixed(c));
    let left = Math.max(width - sum(natural.filter((_, c) => isFixed(c))), 40 * open.length);
    for (;;) {
      const share = left / Math.max(1, open.length);
      const fits = open.filter((c) => natural[c] <= share);
      if (!fits.length) break;
      for (const c of fits) left -= natural[c];
      open = open.filter((c) => natural[c] > share);
      if (!open.length) break;
    }
    for (const c of open) widths[c] = left / open.length;
    const flexible = natural.map((_, c) => c).filter((c) => !isFixed(c));
    const slack = width - sum(widths);
    if (slack > 0 && !open.length) for (const c of flexible) widths[c] += slack / flexible.length;
    // Amounts too wide for the page together: everything narrows alike (cells then wrap).
    const scale = Math.min(1, width / sum(widths));
    const cols = widths.map((w) => w * scale);
    const lefts = cols.map((_, c) => MARGIN + cols.slice(0, c).reduce((a, b) => a + b, 0));

    const row = (cells: string[], weight: 'normal' | 'bold') => {
      font(9, weight);
      const wrapped = cells.map((cell, c) => doc.splitTextToSize(cell ?? '', cols[c] - 2 * PAD) as string[]);
      const h = Math.max(1, ...wrapped.map((w) => w.length)) * lineHeight() + PAD;
      return { wrapped, h, weight };
    };
    const draw = ({ wrapped, h, weight }: ReturnType<typeof row>) => {
      font(9, weight);
      wrapped.forEach((lines, c) => {
        lines.forEach((line, k) => {
          const base = y + PAD / 2 + doc.getFontSize() + k * lineHeight();
          if (table.numeric[c]) doc.text(line, lefts[c] + cols[c] - PAD, base, { align: 'right' });
          else doc.text(line, lefts[c] + PAD, base);
        });
      });
      y += h;
      doc.setDrawColor(200);
      doc.line(MARGIN, y, MARGIN + width, y);
    };
    const heading = row(table.columns, 'bold');
    room(heading.h * 2);
    draw(heading);
    for (const cells of table.rows) {
      const r = row(cells, 'normal');
      if (room(r.h)) draw(heading);
      draw(r);
    }
  }
}
