/**
 * A PDF's text as lines, read with PDF.js (pdfjs-dist, in Node): each page's text items grouped by their
 * baseline (items within 2 pt of one another are one line), left to right, joined with ' | ' so table cells stay
 * apart. For PDFs the app makes itself (jsPDF, embedded fonts with ToUnicode maps); Chromium's printouts have
 * their own reader (./pdf-text.ts).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Item = { str: string; x: number; y: number };

export async function pdfLines(bytes: ArrayLike<number> & { length: number }): Promise<string[][]> {
  const doc = await getDocument({ data: Uint8Array.from(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[][] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    const items: Item[] = [];
    for (const it of content.items) {
      if ('str' in it && it.str.trim()) items.push({ str: it.str, x: it.transform[4], y: it.transform[5] });
    }
    items.sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: Item[][] = [];
    for (const it of items) {
      const last = lines[lines.length - 1];
      if (last && Math.abs(last[0].y - it.y) <= 2) last.push(it);
      else lines.push([it]);
    }
    pages.push(lines.map((l) => l.sort((a, b) => a.x - b.x).map((i) => i.str).join(' | ')));
  }
  await doc.destroy();
  return pages;
}
