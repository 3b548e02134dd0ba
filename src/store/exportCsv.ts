/** Export of the store table as a CSV file: every row of the tab, the same columns as the screen. */
import { toCsv } from '../../commands/lib/csv';
import type { StoreRow } from '../../commands/store';
import { cellText, type Column } from '../table/columns';

export function downloadCsv(filename: string, columns: Column<StoreRow>[], rows: StoreRow[], currency: string): void {
  const cols = columns.filter((c) => c.key !== 'action');
  // Money and numbers go out as plain numbers so spreadsheets can add them up.
  const value = (c: Column<StoreRow>, r: StoreRow, i: number) =>
    c.kind === 'money' || c.kind === 'number' ? String((r as unknown as Record<string, unknown>)[c.key] ?? '') : cellText(c, r, i, currency);
  const text = toCsv([cols.map((c) => c.title), ...rows.map((r, i) => cols.map((c) => value(c, r, i)))]);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
