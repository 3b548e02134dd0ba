/** The bench's printed table and summary lines: what a run prints besides its JSON. */

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export function printTable(size: string, r: Record<string, number>) {
  const x = (a: number, b: number) => (a > 0 ? `${round(b / a, 1)}×` : '');
  const rows: [string, string, string, string][] = [
    ['warm store page (100 items)', `${r.store_page_ms} ms`, `${r.naive_store_page_ms} ms`, x(r.store_page_ms, r.naive_store_page_ms)],
    ['one balance read (round trip)', `${r.balance_read_ms} ms`, '', ''],
    ['one balance read (in worker)', `${r.balance_read_in_worker_us} µs`, '', ''],
    ['customer statement page', `${r.statement_page_ms} ms`, '', ''],
    ['cashbook page (last year)', `${r.cashbook_page_ms} ms`, '', ''],
    ['bank ledger page (last year)', `${r.bank_statement_page_ms} ms`, '', ''],
    ['day at a glance (cashbook)', `${r.day_glance_ms} ms`, '', ''],
    [`customer list page (${r.customers} customers)`, `${r.client_list_page_ms} ms`, '', ''],
    ['  first list (index build)', `${r.client_list_first_ms} ms`, '', ''],
    ['  search by name', `${r.client_list_search_ms} ms`, '', ''],
    ['  Debtors tab by balance', `${r.client_list_debtors_ms} ms`, '', ''],
    ['  debtor ageing (page + buckets)', `${r.client_ageing_ms} ms`, '', ''],
    ['typical customer statement page', `${r.client_statement_page_ms} ms`, '', ''],
    ['cold start, with checkpoint', `${r.cold_start_ms} ms`, `${r.idb_floor_ms} ms`, x(r.cold_start_ms, r.idb_floor_ms)],
    ['  of which ledger ready', `${r.cold_start_ledger_ready_ms} ms`, '', ''],
    ['  entries (statements) ready', `${r.cold_start_entries_ms} ms`, '', ''],
    ['cold start, no checkpoint', `${r.cold_start_no_checkpoint_ms} ms`, `${r.idb_floor_ms} ms`, x(r.cold_start_no_checkpoint_ms, r.idb_floor_ms)],
    ['  of which ledger ready', `${r.cold_start_no_checkpoint_ledger_ready_ms} ms`, '', ''],
    ['IndexedDB getAll floor', `${r.idb_floor_ms} ms`, '', ''],
    ['worker heap', `${r.worker_heap_mb} MB`, '', ''],
    ['  with the sales index (day at a glance)', `${r.worker_heap_sales_index_mb} MB`, '', ''],
  ];
  const head: [string, string, string, string] = ['measure (median)', 'ledger', 'baseline', 'baseline ÷ ledger'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\nOja ledger benchmark, size ${size}: ${r.items} items, ${r.movements} movements, ${r.docs} documents`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(`baselines: store page = pouchdb-find per item (index build ${r.naive_index_build_ms} ms, balances agree: ${r.naive_agrees ? 'yes' : 'NO'}); cold start = raw getAll of ${r.idb_floor_docs} docs`);
  console.log(`checkpoint write ${r.checkpoint_write_ms} ms; statement account has ${r.statement_entries} entries`);
  if (r.initial_sync_docs) printInitialSync(r);
  if (r.print_rows) printPrint(r);
  if (r.quick_sale_items) console.log(`quick sale, ${r.quick_sale_items} items: keystroke to painted results median ${r.quick_sale_keystroke_median_ms} ms, p95 ${r.quick_sale_keystroke_p95_ms} ms (target p95 ≤ 20 ms) over ${r.quick_sale_keystrokes} keys; results committed median ${r.quick_sale_commit_median_ms} ms, p95 ${r.quick_sale_commit_p95_ms} ms\n`);
}

export function printPrint(r: Record<string, number>) {
  console.log(
    `printed report of ${r.print_rows} rows: PDF in ${round(r.print_10k_pdf_ms / 1000, 1)} s (${r.print_10k_pages} pages; print view ready in ${r.print_10k_view_ms} ms); ` +
      `plain HTML table of the same rows ${round(r.print_10k_plain_pdf_ms / 1000, 1)} s (${r.print_10k_plain_pages} pages)`,
  );
}

export function printInitialSync(r: Record<string, number>) {
  console.log(
    `initial sync of ${r.initial_sync_docs} documents: usable ${round(r.initial_sync_usable_ms / 1000, 1)} s, complete ${round(r.initial_sync_complete_ms / 1000, 1)} s ` +
      `(${r.initial_sync_docs_per_s} documents/s); plain PouchDB at batch size 512 in Node ${round(r.initial_sync_plain_ms / 1000, 1)} s (${r.initial_sync_plain_docs_per_s} documents/s)`,
  );
}


/** Issue 28's figures, plain set beside the set with price levels and units of measure (keys ending _lu). */
export function printSalePath(r: Record<string, number>) {
  const keys = ['store_page_ms', 'store_page_new_sort_ms', 'sale_save_ms', 'quick_sale_keystroke_median_ms', 'quick_sale_keystroke_p95_ms', 'quick_sale_commit_median_ms', 'quick_sale_commit_p95_ms'];
  console.log('\nfigure                          plain      levels and units');
  for (const k of keys) {
    const lu = r[`${k.slice(0, -3)}_lu_ms`];
    console.log(`${k.padEnd(32)}${String(r[k] ?? '').padEnd(11)}${lu ?? ''}`);
  }
}
