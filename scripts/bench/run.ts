/**
 * `npm run bench [-- --size S|M|L|tiny] [--json FILE] [--fresh]`
 *
 * Builds the bench page and worker, serves them on 127.0.0.1, and in headless Chromium: loads the fixed-seed
 * data set into the worker's IndexedDB (kept in a profile under the temp folder between runs; --fresh
 * regenerates), then measures cold starts with and without the ledger checkpoint, the warm store page, one
 * balance read and a customer statement page, against the naive way (pouchdb-find over movement documents)
 * and the floor (raw IndexedDB getAll). Prints medians and ratios; --json writes a flat object of numbers.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import * as esbuild from 'esbuild';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { SIZES, type SizeName } from './data';
import { measureQuickSale } from './quick-sale';
import { measureInitialSync } from './initial-sync';
import { measurePrint } from './print';
import { parseArgs } from './args';
import { printInitialSync, printPrint, printSalePath, printTable, round } from './report';
import { call } from './call';
import { clientKeys, measureClientsOnly, measureMoneyOnly, measureReportsOnly, moneyKeys } from './only-runs';
import { reportKeys } from './reports';
import { runThrottled } from './throttle-run';
import { measureSalePath, measureStoreAndSave, profileFor } from './sale-path';

async function build(dir: string): Promise<void> {
  const common = {
    bundle: true,
    minify: true,
    format: 'esm' as const,
    target: ['chrome110'],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'warning' as const,
    external: ['pouchdb-adapter-memory', 'pouchdb-adapter-leveldb'],
  };
  await esbuild.build({ ...common, entryPoints: { 'bench-page': 'scripts/bench/page.ts', 'bench-worker': 'scripts/bench/worker.ts' }, outdir: dir });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>Oja bench</title><link rel="icon" href="data:,"><script type="module" src="/bench-page.js"></script>');
}

/**
 * IndexedDB data belongs to an origin, port included: a fixed port is what lets the kept profile's data set be
 * found again (a random port loaded M from scratch on every run). 33973 is the origin the kept M profile holds.
 */
const KEPT_PORT = Number(process.env.BENCH_PORT || 33973);

/** `port` 0: any free port (tiny starts fresh anyway, and smoke runs of several worktrees must not collide). */
function serve(dir: string, port: number): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : (req.url ?? '/').split('?')[0];
    try {
      const body = readFileSync(join(dir, path.replace(/\.\./g, '')));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e) => reject(new Error(`bench server: port ${port} is busy (another bench running? set BENCH_PORT): ${String(e)}`)));
    server.listen(port, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` }));
  });
}

async function launch(profile: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    protocolTimeout: 0,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
}

/** Heap of the live bench worker after a full garbage collection, in MB (Chrome DevTools protocol). */
async function workerHeapMb(page: Page): Promise<number> {
  const workers = page.workers();
  let used = 0;
  for (const w of workers) {
    await w.client.send('HeapProfiler.collectGarbage');
    const heap = (await w.client.send('Runtime.getHeapUsage')) as { usedSize: number };
    used = Math.max(used, heap.usedSize);
  }
  return used / 1024 / 1024;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.cpuThrottle) {
    await runThrottled(args, { withBenchPage: (fn) => withBenchPage(args.size, fn), workerHeapMb });
    return;
  }
  if (args.onlyInitialSync) {
    const result = await measureInitialSync(args.size, (s) => process.stderr.write(`[bench ${args.size}] ${s}\n`));
    printInitialSync(result);
    if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
    return;
  }
  if (args.onlyPrint) {
    const result = await measurePrint(printRows(args.size), (s) => process.stderr.write(`[bench ${args.size}] ${s}\n`));
    printPrint(result);
    if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
    return;
  }
  const out = mkdtempSync(join(tmpdir(), 'oja-bench-build-'));
  await build(out);
  const { server, url } = await serve(out, args.size === 'tiny' ? 0 : KEPT_PORT);
  // The profile keeps the loaded data set between runs of the same size (generating M takes minutes).
  // tiny (the smoke run) starts fresh in a folder of its own: runs from several worktrees must not share one.
  const log = (s: string) => process.stderr.write(`[bench ${args.size}] ${s}\n`);
  if (args.onlySalePath) {
    try {
      const result = await measureSalePath(url, args.size, args.levelsUnits, args.rounds, log);
      printSalePath(result);
      if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
    } finally {
      server.close();
      rmSync(out, { recursive: true, force: true });
    }
    return;
  }
  const profile = profileFor(args.size, false);
  if (args.fresh) rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const browser = await launch(profile);
  try {
    const page = await browser.newPage();
    page.on('console', (m) => log(m.text()));
    page.on('pageerror', (e) => log(`page error: ${String(e)}`));
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in globalThis);

    log('loading data set');
    const loaded = await call(page, 'prepare', args.size);
    log(`${loaded.docs} documents ${loaded.reused ? '(kept from an earlier run)' : `written in ${round(loaded.ms / 1000, 1)} s`}`);

    if (args.onlyMoney) {
      await measureMoneyOnly(page, log, args);
      return;
    }
    if (args.onlyClients) {
      await measureClientsOnly(page, log);
      return;
    }
    if (args.onlyReports) {
      await measureReportsOnly(page, log, args);
      return;
    }

    log('cold start without checkpoint (full recompute)');
    const noCp = await call(page, 'coldStart', false);
    log(`  ${round(noCp.ms, 0)} ms (ledger ready ${round(noCp.ledgerMs, 0)} ms)`);
    const checkpointMs = await call(page, 'checkpoint');
    log(`  checkpoint written in ${round(checkpointMs, 0)} ms`);
    log('cold starts with checkpoint');
    const colds: number[] = [];
    const coldLedger: number[] = [];
    const coldEntries: number[] = [];
    let last = noCp;
    for (let i = 0; i < 3; i++) {
      last = await call(page, 'coldStart', true);
      if (last.origin !== 'checkpoint') throw new Error(`cold start did not use the checkpoint (${last.origin})`);
      colds.push(last.ms);
      coldLedger.push(last.ledgerMs);
      const entries = await call(page, 'entriesReady');
      coldEntries.push(entries.ms);
      log(`  ${round(last.ms, 0)} ms (ledger ready ${round(last.ledgerMs, 0)} ms, item index ${round(last.indexMs, 0)} ms; entries asked for then: ready at ${round(entries.ms, 0)} ms; ledger: ${entries.phases})`);
    }
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ids = last.ids;
    log('warm reads');
    const warm = await call(page, 'warm', ids);
    // The sale save (issue 28's check compares it with the levels-and-units set's): adds 11 sales to the set.
    const saleSave = await call(page, 'saleSave', false);
    log(`  sale save ${round(saleSave)} ms`);
    log('customers at client scale');
    const clients = clientKeys(await call(page, 'clients'), log);
    const heapMb = await workerHeapMb(page);
    log(`  store page ${round(warm.storePage)} ms, balance read ${round(warm.balanceRead, 3)} ms, statement page ${round(warm.statementPage)} ms, worker heap ${round(heapMb, 1)} MB`);
    const money = await call(page, 'money');
    log(`  cashbook page ${round(money.cashbookPage)} ms, bank ledger page ${round(money.bankPage)} ms, banks list ${round(money.banksList)} ms, expenses page ${round(money.expensesPage)} ms, day at a glance ${round(money.dayGlance)} ms (first ${round(money.dayGlanceFirst)} ms)`);
    // The day at a glance (the screen sign-in lands on) keeps every sale document in the sales index.
    const heapAllMb = await workerHeapMb(page);
    log(`  worker heap with the sales index built ${round(heapAllMb, 1)} MB`);
    log('reports');
    const reports = reportKeys(await call(page, 'reports'), (n) => round(n), log);
    log('naive baseline (pouchdb-find)');
    const naive = args.skipNaive ? { indexMs: 0, storePage: 0, agree: true } : await call(page, 'naive', ids);
    log(`  naive store page ${round(naive.storePage, 1)} ms (index build ${round(naive.indexMs, 0)} ms)`);
    log('IndexedDB floor');
    const floor = args.skipFloor ? { ms: 0, docs: 0 } : await call(page, 'floor');
    log(`  getAll ${round(floor.ms, 1)} ms for ${floor.docs} documents`);
    await call(page, 'close');

    const result: Record<string, number> = {
      docs: loaded.docs,
      items: SIZES[args.size].items,
      movements: SIZES[args.size].movements,
      load_ms: round(loaded.ms, 0),
      store_page_ms: round(warm.storePage),
      store_page_new_sort_ms: round(warm.storePageNewSort),
      sale_save_ms: round(saleSave),
      balance_read_ms: round(warm.balanceRead, 3),
      balance_read_in_worker_us: round(warm.balanceInWorker * 1000, 3),
      statement_page_ms: round(warm.statementPage),
      statement_entries: warm.statementEntries,
      ...moneyKeys(money),
      cold_start_ms: round(mid(colds), 0),
      cold_start_ledger_ready_ms: round(mid(coldLedger), 0),
      cold_start_entries_ms: round(mid(coldEntries), 0),
      cold_start_no_checkpoint_ms: round(noCp.ms, 0),
      cold_start_no_checkpoint_ledger_ready_ms: round(noCp.ledgerMs, 0),
      checkpoint_write_ms: round(checkpointMs, 0),
      naive_store_page_ms: round(naive.storePage, 1),
      naive_index_build_ms: round(naive.indexMs, 0),
      naive_agrees: naive.agree ? 1 : 0,
      idb_floor_ms: round(floor.ms, 1),
      idb_floor_docs: floor.docs,
      worker_heap_mb: round(heapMb, 1),
      worker_heap_sales_index_mb: round(heapAllMb, 1),
      store_page_rows: last.rows,
      ...clients,
      ...reports,
    };
    if (!args.skipQuickSale) {
      log('quick sale: keystroke to painted results, in the real app');
      Object.assign(result, await measureQuickSale(args.size, args.fresh, log));
    }
    if (args.levelsUnits) {
      log('levels and units (issue 28): store page and sale save on the variant set, then its quick sale');
      Object.assign(result, await measureStoreAndSave(url, args.size, true, log));
      if (!args.skipQuickSale) Object.assign(result, await measureQuickSale(args.size, args.fresh, log, undefined, true));
    }
    if (!args.skipInitialSync) {
      log('initial sync: a fresh browser profile signs in to a server holding the set');
      Object.assign(result, await measureInitialSync(args.size, log));
    }
    if (!args.skipPrint) {
      log(`printing: the store report of ${printRows(args.size)} rows to PDF, in the real app and as a plain table`);
      Object.assign(result, await measurePrint(printRows(args.size), log));
    }
    printTable(args.size, result);
    if (args.levelsUnits) printSalePath(result);
    if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
    if (args.size === 'tiny') rmSync(profile, { recursive: true, force: true });
  }
}

/** The ledger bench page over the kept data set of `size`, in a browser launched now (under CHROMIUM_PATH as it is then). */
async function withBenchPage<T>(size: SizeName, fn: (page: Page) => Promise<T>): Promise<T> {
  const out = mkdtempSync(join(tmpdir(), 'oja-bench-build-'));
  await build(out);
  const { server, url } = await serve(out, size === 'tiny' ? 0 : KEPT_PORT);
  const profile = profileFor(size, false);
  mkdirSync(profile, { recursive: true });
  const browser = await launch(profile);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => process.stderr.write(`[bench ${size}] page error: ${String(e)}\n`));
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in globalThis);
    const loaded = await call(page, 'prepare', size);
    process.stderr.write(`[bench ${size}] ${loaded.docs} documents ${loaded.reused ? '(kept from an earlier run)' : `written in ${round(loaded.ms / 1000, 1)} s`}\n`);
    return await fn(page);
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
    if (size === 'tiny') rmSync(profile, { recursive: true, force: true });
  }
}

/** The print run's rows: 10,000 (the issue's report), 500 for the tiny smoke run. */
const printRows = (size: SizeName) => (size === 'tiny' ? 500 : 10_000);

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
