/**
 * Debtors by age: every customer who owes, what they owe in each age bucket and how long the oldest unpaid
 * debit has waited, from the ledger's client accounts (the client ageing of worker/clients/ageing.ts: payments
 * settle the oldest debits first). As of now; no date range.
 */
import type { ReportRow } from '../../commands/reports';
import { ageingSummary, debtAge } from '../clients/ageing';
import { sortedClients } from '../clients/list';
import type { Ctx } from '../context';
import { Book } from '../ledger/postings';

export async function debtorsByAge(ctx: Ctx, now: number): Promise<ReportRow[]> {
  await ctx.ledger.entriesReady();
  const state = ctx.ledger.state();
  const rows: ReportRow[] = [];
  for (const c of await sortedClients(ctx.db.main, 'customer')) {
    const account = state.account(Book.Client, c._id);
    if (!account || account.total <= 0) continue;
    const b = ageingSummary([account], now);
    rows.push({
      _id: c._id,
      label: c.name,
      days: debtAge(account, now),
      current: b.current,
      d30: b['1-30'],
      d60: b['31-60'],
      d90: b['61-90'],
      over90: b['90+'],
      owed: ctx.ledger.client(c._id),
      link: `/customer/${c._id}`,
    });
  }
  return rows;
}
