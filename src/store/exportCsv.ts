/** Export of the store table as a CSV file: every row of the tab, the same columns as the screen. */
import { toCsv } from '../../commands/lib/csv';
import type { StoreRow } from '../../commands/store';
import { readPath } from '../../commands/table';
import { cellText, type Column } from '../table/columns';
import { downloadText } from '../ui/download';

/**
 * The file's text. Money and number columns go out as numbers (negative ones too) so a spreadsheet can add them
 * up; every other cell is text, which toCsv neutralises when it could run as a formula.
 */
export function storeCsv(columns: Column<StoreRow>[], rows: StoreRow[], currency: string): string {
  const cols = columns.filter((c) => c.key !== 'action');
  const value = (c: Column<StoreRow>, r: StoreRow, i: number): string | number => {
    if (c.kind !== 'money' && c.kind !== 'number') return cellText(c, r, i, currency);
    const v = c.value ? c.value(r) : readPath(r, c.key);
    const n = v === undefined || v === null || v === '' ? NaN : Number(v);
    return Number.isFinite(n) ? n : '';
  };
  return toCsv([cols.map((c) => c.title), ...rows.map((r, i) => cols.map((c) => value(c, r, i)))]);
}

export function downloadCsv(filename: string, columns: Column<StoreRow>[], rows: StoreRow[], currency: string): void {
  downloadText(filename, storeCsv(columns, rows, currency));
}
