/**
 * A document as the shared PDF draws it: plain data, built beside each screen from the figures its printout
 * shows (./pdf-specs.ts), so the PDF and the paper say the same. The pdf chunk (./pdf-file.ts) only lays it out.
 */
export type PdfSpec = {
  /** The file's name, with .pdf. */
  fileName: string;
  title: string;
  /** The invoice header as text lines (the rich-text header without its styling, or the business's name). */
  header: string[];
  /** Lines under the title: invoice number, date, customer. */
  meta: string[];
  /** A table: column titles, then rows of cells; `numeric` columns are right-aligned. */
  table?: { columns: string[]; numeric: boolean[]; rows: string[][] };
  /** Label and value rows under the table (Subtotal … Balance). */
  totals: [string, string][];
  /** Notes at the end (the VAT note, the amount in words, who served, 'Powered by Oja'). */
  notes: string[];
};

/** A file name from a document's name: letters, digits, dashes. */
export const pdfFileName = (stem: string) => `${stem.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'document'}.pdf`;
