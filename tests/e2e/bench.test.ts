/**
 * A smoke run of `npm run bench` on a tiny data set: it runs end to end and writes every JSON key as a finite
 * number ≥ 0. Timings are not compared with anything: on a quiet machine a tiny set's median rounds to 0 ms,
 * and on a loaded one any bound fails; the benchmark's report (scripts/bench/README.md) is where speed is judged.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPORT_KINDS } from '../../commands/reports';

const KEYS = ['store_page_ms', 'balance_read_ms', 'statement_page_ms', 'cold_start_ms', 'cold_start_no_checkpoint_ms', 'naive_store_page_ms', 'idb_floor_ms', 'docs', 'worker_heap_mb', 'worker_heap_sales_index_mb', 'quick_sale_keystroke_median_ms', 'quick_sale_keystroke_p95_ms',
  'client_list_first_ms', 'client_list_page_ms', 'client_list_search_ms', 'client_list_debtors_ms', 'client_ageing_ms', 'client_statement_page_ms', 'day_glance_ms', 'day_glance_first_ms',
  'initial_sync_docs_per_s', 'initial_sync_usable_ms', 'initial_sync_complete_ms', 'initial_sync_plain_ms', 'initial_sync_plain_docs_per_s',
  'print_10k_pdf_ms', 'print_10k_view_ms', 'print_10k_plain_pdf_ms',
  // Every report of /reports, warm and first (scripts/bench/reports.ts).
  ...REPORT_KINDS.flatMap((k) => [`report_${k.replace(/-/g, '_')}_ms`, `report_${k.replace(/-/g, '_')}_first_ms`]), 'report_stock_valuation_at_ms',
  // Issue 28: the sale path on the plain set and, side by side, on the set with price levels and units (--levels-units).
  'store_page_new_sort_ms', 'sale_save_ms', 'store_page_lu_ms', 'store_page_new_sort_lu_ms', 'sale_save_lu_ms', 'quick_sale_keystroke_median_lu_ms', 'quick_sale_keystroke_p95_lu_ms'];

test('bench --size tiny --levels-units --json writes every figure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oja-bench-smoke-'));
  const file = join(dir, 'out.json');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', '--size', 'tiny', '--levels-units', '--json', file], { encoding: 'utf8', timeout: 480_000 });
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, /warm store page \(100 items\)/);
  const r = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  rmSync(dir, { recursive: true, force: true });
  // Present and finite, not above zero: a tiny set's median can round to 0 ms on a quiet machine.
  for (const k of KEYS) assert.ok(typeof r[k] === 'number' && Number.isFinite(r[k]) && r[k] >= 0, `${k} = ${r[k]}`);
  assert.is(r.customers, 200);
  assert.ok(r.client_statement_entries > 0, 'the typical customer has entries');
  assert.ok(r.docs > 3000, 'the tiny set has over 3,000 documents');
  assert.is(r.idb_floor_docs >= r.docs, true);
  assert.is(r.naive_agrees, 1, 'the naive balances equal the ledger balances');
  assert.is(r.store_page_rows, 100);
  // The variant's quick sale ran on its own set of as many items (its import refuses nothing, or the run stops).
  assert.is(r.quick_sale_items_lu, r.quick_sale_items);
  // The browser pulled every document the server holds for the business (the set plus what registering wrote).
  assert.ok(r.initial_sync_docs >= r.docs, `initial sync of ${r.initial_sync_docs} documents, set of ${r.docs}`);
  assert.match(run.stdout, /initial sync of \d+ documents: usable/);
  // tiny prints 500 rows: every one in the app's printout, on more than one page.
  assert.is(r.print_rows, 500);
  assert.ok(r.print_10k_pages > 1 && r.print_10k_plain_pages > 1, `pages: ${r.print_10k_pages}, plain ${r.print_10k_plain_pages}`);
  assert.ok(r.worker_heap_mb > 0 && r.worker_heap_mb < 300, `worker heap ${r.worker_heap_mb} MB`);
  assert.ok(r.worker_heap_sales_index_mb > 0 && r.worker_heap_sales_index_mb < 300, `worker heap with the sales index ${r.worker_heap_sales_index_mb} MB`);
});

test.run();
