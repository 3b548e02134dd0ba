/**
 * `npm run bench -- --cpu-throttle N [--size S|M|L]`: the figures a cashier feels, at 1× and at N× in one run,
 * side by side (issue 31). The browser is slowed as a whole, worker included, by a CPU quota (cpu-throttle.ts).
 *
 * Per factor: the ledger bench's page (run.ts's own page and worker over the kept data set) for the cold start with
 * checkpoint (median of 3) and the warm store page; then the real app (quick-sale.ts, then app-runs.ts) for the
 * quick sale's keystrokes, its save, the sale form's save, a cached app's first load and the heaps.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import type { Args } from './args';
import { measureAppRuns } from './app-runs';
import { call } from './call';
import { THROTTLE_PERIOD_MS, withCpuThrottle } from './cpu-throttle';
import { measureQuickSale } from './quick-sale';
import { round } from './report';

export type BenchPageHelpers = {
  /** Opens the ledger bench page over the kept data set in a browser run.ts launches; closes it after `fn`. */
  withBenchPage<T>(fn: (page: Page) => Promise<T>): Promise<T>;
  workerHeapMb(page: Page): Promise<number>;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function ledgerRuns(h: BenchPageHelpers, log: (s: string) => void): Promise<Record<string, number>> {
  return h.withBenchPage(async (page) => {
    let first = await call(page, 'coldStart', true);
    if (first.origin !== 'checkpoint') {
      log('no checkpoint kept yet: writing one');
      await call(page, 'checkpoint');
      first = await call(page, 'coldStart', true);
    }
    const runs = [first];
    for (let i = 0; i < 2; i++) runs.push(await call(page, 'coldStart', true));
    const colds = runs.map((r) => r.ms);
    log(`cold starts with checkpoint: ${colds.map((x) => round(x, 0)).join(' / ')} ms`);
    // Where each went (ms from the worker's open(); the ledger and the item index load side by side).
    for (const r of runs) {
      log(
        `  ${round(r.ms, 0)} ms: worker script ${round(r.scriptMs, 0)}, backend created ${round(r.backendMs, 0)}, ledger ready ${round(r.ledgerMs, 0)} ` +
          `(${r.phases}), item index ready ${round(r.indexMs, 0)} (${r.indexPhases}), first store page ${round(r.openMs, 0)}`,
      );
    }
    const last = await call(page, 'coldStart', true);
    const warm = await call(page, 'warm', last.ids);
    const heap = await h.workerHeapMb(page);
    log(`warm store page ${round(warm.storePage)} ms; bench worker heap ${round(heap, 1)} MB`);
    await call(page, 'close');
    return { cold_start_ms: round(median(colds), 0), store_page_ms: round(warm.storePage), store_page_new_sort_ms: round(warm.storePageNewSort), ledger_worker_heap_mb: round(heap, 1) };
  });
}

/** Goals of issue 31 at 4× on M, printed beside the figures (undefined: no goal set). */
const ROWS: [key: string, label: string, goal?: number][] = [
  ['quick_sale_keystroke_median_ms', 'quick sale keystroke → painted, median (ms)'],
  ['quick_sale_keystroke_p95_ms', 'quick sale keystroke → painted, p95 (ms)', 50],
  ['quick_sale_save_ms', 'quick sale Enter → receipt painted (ms, -1: failed)', 300],
  ['sale_form_save_ms', 'sale form Save → invoice painted (ms)'],
  ['store_page_ms', 'store page, warm (ms)'],
  ['store_page_new_sort_ms', 'store page, first after a change (ms)'],
  ['cold_start_ms', 'cold start with checkpoint (ms)', 2000],
  ['cached_first_load_ms', 'cached app first load → interactive (ms)', 1500],
  ['tab_heap_mb', 'app tab heap (MB)'],
  ['app_worker_heap_mb', 'app SharedWorker heap (MB, 0: unreadable)'],
  ['ledger_worker_heap_mb', 'bench worker heap over the ledger set (MB)'],
];

export async function runThrottled(args: Args, h: BenchPageHelpers): Promise<void> {
  const factors = [1, args.cpuThrottle!];
  const columns: Record<string, number>[] = [];
  for (const factor of factors) {
    const log = (s: string) => process.stderr.write(`[bench ${args.size} ${factor}×] ${s}\n`);
    const { result, throttledS, quotaCores } = await withCpuThrottle(factor, async () => {
      const ledger = args.appOnly ? {} : await ledgerRuns(h, log);
      if (args.ledgerOnly) return ledger;
      log('quick sale and the app runs');
      const app = await measureQuickSale(args.appSize ?? args.size, false, log, measureAppRuns);
      return { ...ledger, ...app };
    });
    log(`browser quota ${round(quotaCores, 2)} cores per ${THROTTLE_PERIOD_MS} ms period; held back by the quota ${round(throttledS, 1)} s in all`);
    columns.push({ ...result, cpu_quota_cores: round(quotaCores, 2), cpu_throttled_s: round(throttledS, 1) });
  }
  const head = ['measure', ...factors.map((f) => `${f}×`), `goal at ${factors[1]}×`];
  const rows = ROWS.map(([key, label, goal]) => [label, ...columns.map((c) => String(c[key] ?? '')), goal === undefined || !(columns[1][key] >= 0) ? '' : `≤ ${goal}${columns[1][key] <= goal ? ' met' : ' NOT met'}`]);
  const widths = head.map((x, i) => Math.max(x.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\nOja at 1× and ${factors[1]}× CPU (the whole browser under a cgroup quota), ledger set ${args.size}, app's items ${args.appSize ?? args.size}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  const flat: Record<string, number> = {};
  factors.forEach((f, i) => {
    for (const [k, v] of Object.entries(columns[i])) flat[`${k}_${f}x`] = v;
  });
  if (args.json) writeFileSync(args.json, JSON.stringify(flat, null, 2) + '\n');
}
