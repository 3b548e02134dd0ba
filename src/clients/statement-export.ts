/**
 * A statement a customer can be handed: every row of the range as CSV (money as numbers, text neutralised by
 * toCsv), downloaded, or passed to the browser's share sheet where it has one (Web Share with files).
 */
import { toCsv } from '../../commands/lib/csv';
import { formatDate } from '../../commands/lib/dates';
import type { StatementRow } from '../../commands/ledger';
import { detailsWithApproval } from '../../commands/lib/credit-limit';

export type StatementHead = { client: string; from?: number; to?: number; opening: number; closing: number };

export function statementCsv(head: StatementHead, rows: readonly StatementRow[]): string {
  const range = head.from !== undefined && head.to !== undefined ? `${formatDate(head.from)} – ${formatDate(head.to)}` : 'All dates';
  return toCsv([
    ['Statement of', head.client],
    ['Period', range],
    ['Opening balance', head.opening],
    [],
    ['S/N', 'Date', 'Description', 'Details', 'Invoice/Teller number', 'Debit', 'Credit', 'Balance'],
    ...rows.map((r, i) => [i + 1, formatDate(r.date), r.description, detailsWithApproval(r), r.invoice ?? '', r.debit, r.credit, r.balance]),
    [],
    ['Closing balance', head.closing],
  ]);
}

export const statementFileName = (client: string) => `statement-${client.replace(/[^\w-]+/g, '_').slice(0, 40) || 'client'}.csv`;

/** True where the browser can share a file (phones mostly); the Share button shows only then. */
export function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function' || typeof File === 'undefined') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'x.csv', { type: 'text/csv' })] });
  } catch {
    return false;
  }
}

export async function shareText(filename: string, text: string, title: string): Promise<void> {
  const file = new File([text], filename, { type: 'text/csv' });
  try {
    await navigator.share({ files: [file], title });
  } catch (e) {
    // The person closing the share sheet is not an error.
    if ((e as { name?: string }).name !== 'AbortError') throw e;
  }
}
