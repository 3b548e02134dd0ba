/**
 * The reports (issue 30) on the set, from the bench page: each report's first answer after a cold start (the
 * first one also builds the sale facts and their day totals, which the others then share) and its warm answer.
 * The ledger's entries are awaited first and timed apart (report_ledger_entries_ms).
 * Warm asks a different question each time (the last year, then its second half, in turn), so it measures
 * building the report again, not the kept one: the kept report's next page is cheaper still.
 */
import { REPORT_KINDS, type ReportInput, type ReportKind } from '../../commands/reports';
import type { BenchWorker } from './worker';
import type * as Comlink from 'comlink';

const DAY = 86_400_000;
const now = () => performance.now();

type Median = (times: number, run: (i: number) => Promise<unknown>) => Promise<number>;

/** The question of the i-th call: the set's last year, or its second half; the stock valuation now and at a date. */
function question(kind: ReportKind, i: number): ReportInput {
  const to = new Date(2025, 11, 31, 23, 59, 59).getTime();
  const range = { from: to - (i % 2 ? 183 : 365) * DAY, to };
  const input: ReportInput = { report: kind, offset: 0, limit: 100, range };
  if (kind === 'stock-valuation') input.warehouse = i % 2 ? 'store' : '';
  if (kind === 'slow-movers') input.days = i % 2 ? 60 : 90;
  if (kind === 'sales-period') input.period = (['day', 'week', 'month'] as const)[i % 3];
  return input;
}

export async function measureReports(api: Comlink.Remote<BenchWorker>, median: Median) {
  const first: Record<string, number> = {};
  const warm: Record<string, number> = {};
  const rows: Record<string, number> = {};
  // The ledger's entries (restored in the background after a cold start; the cashbook's day at a glance, where
  // every sign-in lands, waits for them too): timed apart, so each first answer is the report's own.
  const e = now();
  await api.entriesReady();
  const entries = now() - e;
  for (const kind of REPORT_KINDS) {
    const t = now();
    const reply = (await api.dispatch('report-rows', question(kind, 0))) as { ok: boolean; value?: { total: number }; error?: { message: string } };
    first[kind] = now() - t;
    if (!reply.ok) throw new Error(`report-rows ${kind} failed: ${reply.error?.message}`);
    rows[kind] = reply.value?.total ?? 0;
    warm[kind] = await median(11, (i) => api.dispatch('report-rows', question(kind, i + 1)));
  }
  // The stock valuation at the end of a past day walks every stock account's dated entries.
  const at = new Date(2024, 5, 30).getTime();
  const t = now();
  await api.dispatch('report-rows', { report: 'stock-valuation', offset: 0, limit: 100, at });
  const atFirst = now() - t;
  const atWarm = await median(5, (i) => api.dispatch('report-rows', { report: 'stock-valuation', offset: 0, limit: 100, at: at - (i % 2) * DAY }));
  return { first, warm, rows, atFirst, atWarm, entries };
}

/** The bench keys: report_{kind}_ms (warm) and report_{kind}_first_ms, with underscores. */
export function reportKeys(r: Awaited<ReturnType<typeof measureReports>>, round: (n: number) => number, log: (s: string) => void): Record<string, number> {
  const keys: Record<string, number> = {};
  for (const kind of REPORT_KINDS) {
    const k = kind.replace(/-/g, '_');
    keys[`report_${k}_ms`] = round(r.warm[kind]);
    keys[`report_${k}_first_ms`] = round(r.first[kind]);
    log(`  ${kind}: warm ${round(r.warm[kind])} ms, first ${round(r.first[kind])} ms (${r.rows[kind]} rows)`);
  }
  keys.report_ledger_entries_ms = round(r.entries);
  log(`  ledger entries restored ${round(r.entries)} ms after the first store page (before the first report)`);
  keys.report_stock_valuation_at_ms = round(r.atWarm);
  keys.report_stock_valuation_at_first_ms = round(r.atFirst);
  log(`  stock-valuation at a past day: warm ${round(r.atWarm)} ms, first ${round(r.atFirst)} ms`);
  return keys;
}
