/**
 * The print view of a data table: a plain, non-virtual table of ALL rows (virtualised lists do not print),
 * rendered into <body> outside #root while printing. Every report prints the same way: the business name, the
 * report's title and period, and the column titles repeat at the top of every page (in <thead>); every column
 * the screen shows that has text (money with the currency); a Total row for the columns that add up
 * (`total: true`); 'Page n of N' at the foot of each page; landscape, rows never split across pages
 * (table.css: .print-root). The app is hidden only while this view is mounted, so other printouts (invoices,
 * receipts) keep their own page setup.
 *
 * The body is written as one HTML string (escaped text only): 100,000 rows as React elements took ~10 s to
 * mount here, as a string well under that. A long report is printed as consecutive tables of PART_ROWS rows,
 * each with the same head: Chromium's paged layout of one table grows faster than its rows, and 10,000 rows
 * as ten tables printed in about two thirds of the time of one (scripts/bench/README.md, Printing at scale). The
 * cost is the head shown again where one part ends mid-page (every page still starts with it); the totals close
 * the last part. The parts share their column widths (a fixed layout from each column's longest text), so the
 * columns line up from one part to the next as they would in one table.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { formatDate, type DateRange } from '../../commands/lib/dates';
import { cellText, columnTotal, printClass, type Column } from './columns';

type Props<Row> = {
  title?: string;
  /** The business the report is of (its name heads every page). */
  business?: string;
  /** The period the rows cover, when the table has one. */
  range?: DateRange;
  columns: Column<Row>[];
  rows: Row[];
  currency: string;
  onDone: () => void;
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Page numbers in the page margin (CSS paged media), on every printed page. */
const PAGE_STYLE = '@page { size: landscape; margin: 10mm 10mm 14mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 9pt; } }';

const PART_ROWS = 1000;
/** A text longer than this wraps in its cell: it claims no more width than this many characters. */
const WIDEST_CHARS = 40;

/**
 * Each column's share of the page width (percent), from its longest text (title included, capped): every part
 * gets the same <colgroup>, so consecutive tables line up.
 */
function columnShares<Row>(columns: Column<Row>[], rows: Row[], currency: string): number[] {
  const widest = columns.map((c) => Math.min(WIDEST_CHARS, Math.max(3, String(c.title ?? '').length)));
  rows.forEach((row, i) =>
    columns.forEach((c, j) => {
      if (widest[j] < WIDEST_CHARS) widest[j] = Math.min(WIDEST_CHARS, Math.max(widest[j], cellText(c, row, i, currency).length));
    }),
  );
  const sum = widest.reduce((a, b) => a + b, 0);
  return widest.map((w) => (w / sum) * 100);
}

const colgroupHtml = (shares: number[]) => `<colgroup>${shares.map((s) => `<col style="width:${s.toFixed(2)}%">`).join('')}</colgroup>`;

/** The rows from `from` to `to` (exclusive) as table rows. */
function rowsHtml<Row>(columns: Column<Row>[], rows: Row[], from: number, to: number, currency: string): string {
  const opens = columns.map((c) => `<td class="${printClass(c)}">`);
  const parts: string[] = [];
  for (let i = from; i < to; i++) {
    parts.push('<tr>');
    columns.forEach((c, j) => parts.push(opens[j], escapeHtml(cellText(c, rows[i], i, currency)), '</td>'));
    parts.push('</tr>');
  }
  return parts.join('');
}

/** Columns with something to print: a column that is only a screen control (an action link) has no text. */
function printedColumns<Row>(columns: Column<Row>[], rows: Row[]): Column<Row>[] {
  return columns.filter((c) => !(c.render && c.text && rows.every((r, i) => c.text!(r, i) === '')));
}

function PrintTableView<Row>({ title, business, range, columns: all, rows, currency, onDone }: Props<Row>) {
  const table = useRef<HTMLTableElement>(null);
  const tbody = useRef<HTMLTableSectionElement>(null);
  const columns = useMemo(() => printedColumns(all, rows), [all, rows]);
  const totals = useMemo(() => columns.map((c) => (c.total ? columnTotal(c, rows, currency) : '')), [columns, rows, currency]);
  // One table prints with its own automatic layout; parts share widths so their columns line up.
  const shares = useMemo(() => (rows.length > PART_ROWS ? columnShares(columns, rows, currency) : undefined), [columns, rows, currency]);
  useLayoutEffect(() => {
    if (!table.current || !tbody.current) return;
    // The earlier parts go before the table React keeps (its head copied), which prints the last part and the totals.
    table.current.parentElement!.querySelectorAll(':scope > table[data-print-part]').forEach((t) => t.remove());
    const head = table.current.tHead!.outerHTML;
    const last = rows.length ? Math.floor((rows.length - 1) / PART_ROWS) * PART_ROWS : 0;
    const parts: string[] = [];
    for (let from = 0; from < last; from += PART_ROWS) {
      parts.push(`<table class="print-table print-part" data-print-part>${shares ? colgroupHtml(shares) : ''}${head}<tbody>${rowsHtml(columns, rows, from, from + PART_ROWS, currency)}</tbody></table>`);
    }
    table.current.insertAdjacentHTML('beforebegin', parts.join(''));
    tbody.current.innerHTML = rowsHtml(columns, rows, last, rows.length, currency);
  }, [columns, rows, currency, title, business, range, shares]);

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

  const period = range ? `${formatDate(range.from)} – ${formatDate(range.to)}` : '';
  return createPortal(
    <div className="print-root" data-testid="print-root">
      <style>{PAGE_STYLE}</style>
      <table className={shares ? 'print-table print-part' : 'print-table'} ref={table}>
        {shares && (
          <colgroup>
            {shares.map((share, i) => (
              <col key={columns[i].key} style={{ width: `${share.toFixed(2)}%` }} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr className="print-heading">
            <th colSpan={columns.length}>
              {business && <span data-testid="print-business">{business}</span>}
              {title && <strong data-testid="print-title">{title}</strong>}
              {period && <span data-testid="print-period">{period}</span>}
            </th>
          </tr>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={printClass(c)}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={tbody} />
        {totals.some(Boolean) && (
          <tfoot>
            <tr className="print-totals" data-testid="print-totals">
              {columns.map((c, i) => (
                <td key={c.key} className={printClass(c)}>
                  {i === 0 && !totals[0] ? 'Total' : totals[i]}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>,
    document.body,
  );
}

export const PrintTable = memo(PrintTableView) as typeof PrintTableView;
