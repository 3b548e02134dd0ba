/**
 * Column definitions of the shared data table, and how a cell becomes text (screen and print alike).
 *
 *   { key: 'sn', title: 'S/N', kind: 'serial' }                      1, 2, 3 … across pages
 *   { key: 'date', title: 'Date', kind: 'date' }                     'MMMM D, YYYY'
 *   { key: 'total', title: 'Total', kind: 'money' }                  currency symbol, separators, 2 decimals
 *   { key: 'customer.name', title: 'Customer' }                      dotted keys read nested fields
 *   { key: 'invoice', title: 'Invoice ID', render: (r) => <Link to={…}>{r.invoice}</Link>, text: (r) => r.invoice }
 *   { key: 'debit', title: 'Debit', kind: 'money', tone: 'debit' }   green when the table's colorCode is on
 *
 * `key` is also the sort key sent to the worker (override with `sortKey`; `sortable: false` to disable).
 * `render` is for the screen only; print uses `text`, or the formatted value.
 */
import type { ReactNode } from 'react';
import { formatDate } from '../../commands/lib/dates';
import { formatMoney, sumMoney } from '../../commands/lib/money';
import { readPath } from '../../commands/table';

export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'serial';

export type Column<Row> = {
  key: string;
  title: string;
  kind?: ColumnKind;
  value?: (row: Row) => unknown;
  render?: (row: Row, index: number) => ReactNode;
  text?: (row: Row, index: number) => string;
  sortable?: boolean;
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  tone?: 'debit' | 'credit';
  width?: string;
  /** Adds up: the printout ends with this column's total (money or number columns). */
  total?: boolean;
  /**
   * The text that tells one row from another (the item, the customer, the line's description): it keeps room
   * for 24 characters when the table is tight. Default: the first free-text column (identifyingColumn).
   */
  identifies?: boolean;
};

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The cell as plain text; `index` is the row's position over all pages (0-based). */
export function cellText<Row>(col: Column<Row>, row: Row, index: number, currency: string): string {
  if (col.text) return col.text(row, index);
  if (col.kind === 'serial') return String(index + 1);
  const v = col.value ? col.value(row) : readPath(row, col.key);
  if (v === undefined || v === null || v === '') return '';
  switch (col.kind) {
    case 'money':
      return formatMoney(Number(v), currency);
    case 'date':
      return formatDate(Number(v));
    case 'number':
      return numberFormat.format(Number(v));
    default:
      return String(v);
  }
}

export function isSortable<Row>(col: Column<Row>): boolean {
  return col.sortable ?? col.kind !== 'serial';
}

export function alignOf<Row>(col: Column<Row>): 'left' | 'right' | 'center' {
  return col.align ?? (col.kind === 'money' || col.kind === 'number' ? 'right' : 'left');
}

/**
 * How a printed cell may break (src/table/PrintTable.tsx, table.css): an amount, a number or a serial never
 * wraps, so its column keeps its width; a date wraps between its words; free text wraps, a long word anywhere.
 */
export function printClass<Row>(col: Column<Row>): string {
  const kind = col.kind ?? 'text';
  const wrap = kind === 'money' || kind === 'number' || kind === 'serial' ? 'print-number' : kind === 'date' ? 'print-date' : 'print-text';
  return `align-${alignOf(col)} ${wrap}`;
}

/** Free text (names, descriptions, references): may be cut to keep the numeric columns in view. */
export function isTextColumn<Row>(col: Column<Row>): boolean {
  return (col.kind ?? 'text') === 'text' && alignOf(col) === 'left' && !isControlColumn(col);
}

/**
 * A column that only holds a link or a button (key 'action': 'Statement', 'View'): no data to export, and on
 * screen its own width on one line, never cut as free text is ('Statemen' / 't' in an 8ch column, issue 39).
 */
export function isControlColumn<Row>(col: Column<Row>): boolean {
  return col.key === 'action';
}

/** Index of the row's identifying column: the one marked `identifies`, else the first free-text column. */
export function identifyingColumn<Row>(columns: readonly Column<Row>[]): number {
  const marked = columns.findIndex((c) => c.identifies);
  return marked >= 0 ? marked : columns.findIndex((c) => isTextColumn(c));
}

/** The column's total over `rows`, formatted as its cells are. */
export function columnTotal<Row>(col: Column<Row>, rows: readonly Row[], currency: string): string {
  const sum = sumMoney(rows.map((r) => Number(col.value ? col.value(r) : readPath(r, col.key)) || 0));
  return col.kind === 'money' ? formatMoney(sum, currency) : numberFormat.format(sum);
}
