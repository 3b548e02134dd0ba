/**
 * A data table's rows as a CSV file: the screen's columns (without link-only columns) and every matching row.
 * Money and number columns go out as numbers (negative ones too) so a spreadsheet can add them up; every other
 * cell is text, which toCsv neutralises when it could run as a formula.
 */
import { toCsv } from '../../commands/lib/csv';
import { readPath } from '../../commands/table';
import { downloadText } from '../ui/download';
import { cellText, isControlColumn, type Column } from './columns';

export function tableCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[], currency: string): string {
  // Columns that only hold a link or a button have no data worth exporting.
  const cols = columns.filter((c) => !isControlColumn(c));
  const value = (c: Column<Row>, r: Row, i: number): string | number => {
    if (c.kind !== 'money' && c.kind !== 'number') return cellText(c, r, i, currency);
    const v = c.value ? c.value(r) : readPath(r, c.key);
    const n = v === undefined || v === null || v === '' ? NaN : Number(v);
    return Number.isFinite(n) ? n : '';
  };
  return toCsv([cols.map((c) => c.title), ...rows.map((r, i) => cols.map((c) => value(c, r, i)))]);
}

export function downloadCsv<Row>(filename: string, columns: readonly Column<Row>[], rows: readonly Row[], currency: string): void {
  downloadText(filename, tableCsv(columns, rows, currency));
}
