/**
 * The print view of a data table: a plain, non-virtual table of ALL rows (virtualised lists do not print),
 * rendered into <body> outside #root while printing. Landscape pages, the header repeated on every page,
 * rows never split across pages (app.css: .print-root). The app is hidden only while this view is mounted,
 * so other printouts (invoices, receipts) keep their own page setup.
 *
 * The body is written as one HTML string (escaped text only): 100,000 rows as React elements took ~10 s to
 * mount here, as a string well under that.
 */
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cellText, alignOf, type Column } from './columns';

type Props<Row> = { title?: string; columns: Column<Row>[]; rows: Row[]; currency: string; onDone: () => void };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function bodyHtml<Row>(columns: Column<Row>[], rows: Row[], currency: string): string {
  const opens = columns.map((c) => `<td class="align-${alignOf(c)}">`);
  const parts: string[] = [];
  rows.forEach((row, i) => {
    parts.push('<tr>');
    columns.forEach((c, j) => parts.push(opens[j], escapeHtml(cellText(c, row, i, currency)), '</td>'));
    parts.push('</tr>');
  });
  return parts.join('');
}

function PrintTableView<Row>({ title, columns, rows, currency, onDone }: Props<Row>) {
  const tbody = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    if (tbody.current) tbody.current.innerHTML = bodyHtml(columns, rows, currency);
  }, [columns, rows, currency]);

  useEffect(() => {
    document.body.classList.add('printing-table');
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    // Print once the rows are in the DOM (the effect runs after commit; the frame lets layout settle).
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-table');
    };
  }, [onDone]);

  return createPortal(
    <div className="print-root" data-testid="print-root">
      <style>{'@page { size: landscape; margin: 10mm; }'}</style>
      {title && <h1 className="print-title">{title}</h1>}
      <table className="print-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={`align-${alignOf(c)}`}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={tbody} />
      </table>
    </div>,
    document.body,
  );
}

export const PrintTable = memo(PrintTableView) as typeof PrintTableView;
