/**
 * Quick-sale keystroke → painted results, on the real app with the benchmark's item set (M: 50,000 items).
 *
 *   tsx scripts/bench/quick-sale.ts [--size S|M|L|tiny] [--json FILE] [--fresh] [--levels-units]     (also run by `npm run bench`)
 *
 * Builds the app, starts its server on 127.0.0.1, and in headless Chromium (a profile kept between runs, so the
 * items are imported once) opens /sales/quick. Each keystroke's start is its event's own timestamp — the
 * startTime Chromium's Event Timing API reports for it — and its end is the first frame painted after the
 * results list shows the answer for that exact query (the list's data-query attribute; a frame later, read in
 * a message posted from requestAnimationFrame, i.e. after that frame's paint). Keys are typed 150 ms apart so
 * each answer lands before the next key, as a cashier types. `quick_sale_commit_*` is the same start to the
 * moment the results are in the DOM (no frame yet): the rest of a keystroke's time is the wait for a frame.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { benchUser } from '../../tests/support/fixtures';
import { seedPage, type Call } from '../../tests/support/seed';
import { buildAppOnce, launchChromium, startAppServer } from './app-server';
import { levelsUnitsFields, PRICE_LEVELS } from './levels-units';

export type QuickSaleSize = 'tiny' | 'S' | 'M' | 'L';
const ITEMS: Record<QuickSaleSize, number> = { tiny: 300, S: 10_000, M: 50_000, L: 50_000 };
const DATA_VERSION = 1;
const WORDS = ['rice', 'beans', 'salt', 'milk', 'soap'];
/** What a cashier types: names, name parts, numbers; Escape clears between queries. */
const QUERIES = ['item 12', 'rice', 'soap 4', 'milk 77', 'beans 31', 'salt', 'item 4999', 'ric', 'mil 8'];

/** A fixed port keeps the origin, and so the imported items in the kept profile's IndexedDB, between runs. */
const FIXED_PORT = process.env.QUICK_BENCH_PORT || '47917';
export const USER = benchUser('benchquick', 'Q');

/** The calls that import `count` items through the app's own backend (item-import-write), 2,000 rows a call. */
export function importCalls(count: number, levelsUnits = false): Call[] {
  // With levelsUnits (issue 28): the two levels first, then the same items with level prices and cartons on the
  // share scripts/bench/levels-units.ts gives them (the import refuses a level price of an unknown level).
  const calls: Call[] = levelsUnits ? [['config-set', { priceLevels: PRICE_LEVELS }], ['config-get', {}]] : [];
  for (let start = 0; start < count; start += 2000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const price = 100 + (i % 900);
      rows.push({ line: i + 2, name: `Item ${i} ${WORDS[i % 5]}`, price, purchasePrice: 80 + (i % 700), description: '', quantity: 1 + (i % 50), ...(levelsUnits ? levelsUnitsFields(i, price) : {}) });
    }
    calls.push(['item-import-write', { rows }]);
  }
  calls.push(['sales-list', { offset: 0, limit: 1 }]);
  return calls;
}

/** Imports the items as the bench's owner from a page of the app's origin. */
export async function importItems(page: Page, count: number, levelsUnits = false): Promise<void> {
  const replies = (await seedPage(page, USER, importCalls(count, levelsUnits))) as unknown[];
  // A row refused (a level price before the settings' cache had the levels, a barcode taken) would measure
  // another set: stop instead.
  const refused = replies.flatMap((r) => ((r as { rejected?: { line: number; reason: string }[] } | undefined)?.rejected ?? []));
  if (refused.length) throw new Error(`import refused ${refused.length} rows, first: line ${refused[0].line}: ${refused[0].reason}`);
}

/** One measured key: its query after the key, its keydown's stamp, and the commit and paint after it (ms). */
type PerKey = { q: string; at: number; commit: number; paint: number; answered: string };

/** Installs the measurement: keydown timestamps and the paint after the matching results. */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: { q: string; t: number }[]; __lat: number[]; __commit: number[]; __events: number[]; __perKey: PerKey[] };
    w.__keys = [];
    w.__perKey = [];
    w.__lat = [];
    w.__commit = [];
    w.__events = [];
    const input = document.getElementById('quick-search') as HTMLInputElement;
    // The query the key will produce is known after the input event; the start is the keydown's own stamp.
    let pendingStart = 0;
    input.addEventListener('keydown', (e) => (pendingStart = e.timeStamp), true);
    input.addEventListener('input', () => w.__keys.push({ q: input.value, t: pendingStart }), true);
    const list = document.getElementById('quick-results')!;
    new MutationObserver(() => {
      const q = list.getAttribute('data-query');
      const at = w.__keys.findIndex((k) => k.q === q);
      if (at < 0) return;
      // This key and any earlier one still waiting: an answer that came too late was dropped for this newer one
      // (latest answer wins), so this paint is when those keys' results showed. Leaving them out would hide the
      // slowest keys from the percentiles.
      const done = w.__keys.splice(0, at + 1);
      // The commit itself (this callback runs in a microtask after React wrote the attribute): what is left to
      // the frame is the wait for the next one.
      const committed = performance.now();
      for (const key of done) w.__commit.push(committed - key.t);
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          const painted = performance.now();
          for (const key of done) w.__lat.push(painted - key.t);
          for (const key of done) w.__perKey.push({ q: key.q, at: key.t, commit: committed - key.t, paint: painted - key.t, answered: q ?? '' });
        };
        ch.port2.postMessage(0);
      });
    }).observe(list, { attributes: true, attributeFilter: ['data-query'] });
    // Chromium's Event Timing entries for the same keys (reported when they take 16 ms or more to next paint).
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'keydown') w.__events.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** `more`: further runs on the same signed-in page before the browser closes (app-runs.ts, for --cpu-throttle). */
export type MoreRuns = (page: Page, browser: Browser, url: string, log: (s: string) => void, items: number) => Promise<Record<string, number>>;

/**
 * `levelsUnits`: the variant set (its own kept profile and marker) and keys ending `_lu` (`quick_sale_keystroke_
 * median_lu_ms`), so both sets' figures sit side by side in one JSON.
 */
export async function measureQuickSale(size: QuickSaleSize, fresh = false, log: (s: string) => void = () => undefined, more?: MoreRuns, levelsUnits = false) {
  buildAppOnce();
  const dataDir = mkdtempSync(join(tmpdir(), 'oja-bench-quick-data-'));
  // tiny (the smoke run) imports in a second, so it takes any free port and a profile folder of its own.
  const { url, stop } = await startAppServer(dataDir, size === 'tiny' ? '0' : FIXED_PORT);
  // QUICK_BENCH_PROFILE_SUFFIX: a kept profile of one's own (two benches on one profile: the second cannot start,
  // and a --fresh run deletes the other's imported items).
  const profile = size === 'tiny' ? mkdtempSync(join(tmpdir(), 'oja-bench-quick-profile-tiny-')) : join(tmpdir(), `oja-bench-quick-profile-${size}-v${DATA_VERSION}${levelsUnits ? '-lu' : ''}${process.env.QUICK_BENCH_PROFILE_SUFFIX ?? ''}`);
  if (fresh) rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  // A browser that cannot start (its profile in use) must not leave the server running on the fixed port.
  const browser = await launchChromium(profile).catch(async (e) => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1366, height: 768 });
    // The app's service worker serves its cached files first: a kept profile would run the previous build's code
    // for the first visits after a rebuild. Measure the build just made.
    await page.setBypassServiceWorker(true);
    // The origin (port) changes between runs and IndexedDB is per origin: the marker is per origin too, so a
    // kept profile only helps when the port repeats; otherwise the import runs again.
    await page.goto(url + '/not-found', { waitUntil: 'domcontentloaded' });
    const marker = `${size}-v${DATA_VERSION}${levelsUnits ? '-lu' : ''}`;
    if ((await page.evaluate(() => localStorage.getItem('bench-quick'))) !== marker) {
      await page.evaluate(() => localStorage.clear());
      const t = Date.now();
      log(`importing ${ITEMS[size]} items`);
      await importItems(page, ITEMS[size], levelsUnits);
      await page.evaluate((m) => localStorage.setItem('bench-quick', m), marker);
      log(`imported in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    // Unlocked as a signed-in cashier's tab is: a kept profile's device opens locked in a new browser (the lock
    // lives in the worker), and without an import in this run nothing else would unlock it.
    await seedPage(page, USER, [['sales-list', { offset: 0, limit: 1 }]]);
    await page.evaluate((u) => localStorage.setItem('oja:user', JSON.stringify(u)), USER);
    await page.goto(url + '/sales/quick', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.activeElement?.id === 'quick-search' && document.querySelector('#quick-results .tile'), { timeout: 600000 });
    await instrument(page);
    // One warm-up query (first search builds the index's caches), not measured.
    await page.keyboard.type('item', { delay: 150 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === '');
    await page.evaluate(() => {
      const w = window as unknown as { __lat: number[]; __commit: number[]; __perKey: PerKey[] };
      w.__lat = [];
      w.__commit = [];
      w.__perKey = [];
    });
    let keys = 0;
    for (const q of QUERIES) {
      await page.keyboard.type(q, { delay: 150 });
      keys += q.length;
      await page.waitForFunction((text) => document.getElementById('quick-results')?.getAttribute('data-query') === text, {}, q);
      await page.keyboard.press('Escape');
      keys += 1;
      await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === '');
    }
    await new Promise((r) => setTimeout(r, 300));
    const { lat, commit, events, perKey } = await page.evaluate(() => {
      const w = window as unknown as { __lat: number[]; __commit: number[]; __events: number[]; __perKey: PerKey[] };
      return { lat: w.__lat, commit: w.__commit, events: w.__events, perKey: w.__perKey };
    });
    logKeys(perKey, log);
    if (lat.length < keys * 0.8) throw new Error(`only ${lat.length} of ${keys} keystrokes measured`);
    const extra = more ? await more(page, browser, url, log, ITEMS[size]) : {};
    const result: Record<string, number> = {
      ...extra,
      quick_sale_items: ITEMS[size],
      quick_sale_keystrokes: lat.length,
      quick_sale_keystroke_median_ms: Math.round(percentile(lat, 50) * 10) / 10,
      quick_sale_keystroke_p95_ms: Math.round(percentile(lat, 95) * 10) / 10,
      quick_sale_keystroke_max_ms: Math.round(Math.max(...lat) * 10) / 10,
      quick_sale_commit_median_ms: Math.round(percentile(commit, 50) * 10) / 10,
      quick_sale_commit_p95_ms: Math.round(percentile(commit, 95) * 10) / 10,
      quick_sale_keydown_event_timing_over_16ms: events.length,
    };
    return levelsUnits ? luKeys(result) : result;
  } finally {
    await browser.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (size === 'tiny') rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

/**
 * Which keys were slow: each key over SLOW_KEY_MS (all of them with QUICK_BENCH_KEYS=1) with its place in the
 * run, its query, the time since the first measured key, and its commit and paint. A stall on the first keys
 * after the screen opened points at warm-up; one on the same query every run, at that query's path.
 */
const SLOW_KEY_MS = 100;
function logKeys(keys: PerKey[], log: (s: string) => void): void {
  const all = process.env.QUICK_BENCH_KEYS === '1';
  const t0 = keys[0]?.at ?? 0;
  keys.forEach((k, n) => {
    if (!all && k.paint < SLOW_KEY_MS) return;
    const late = k.answered !== k.q ? ` (answered with '${k.answered}')` : '';
    log(`key ${n + 1} '${k.q}' at +${Math.round(k.at - t0)} ms: commit ${k.commit.toFixed(1)} ms, paint ${k.paint.toFixed(1)} ms${late}`);
  });
}

/** The variant's keys: `_lu` before a trailing `_ms`, else at the end (store_page_ms → store_page_lu_ms). */
export function luKeys(r: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k.endsWith('_ms') ? `${k.slice(0, -3)}_lu_ms` : `${k}_lu`, v]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const size = (argv[argv.indexOf('--size') + 1] as QuickSaleSize) || 'M';
  const json = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
  const result = await measureQuickSale(argv.includes('--size') ? size : 'M', argv.includes('--fresh'), (s) => process.stderr.write(`[quick-sale] ${s}\n`), undefined, argv.includes('--levels-units'));
  console.log(JSON.stringify(result, null, 2));
  if (json) writeFileSync(json, JSON.stringify(result, null, 2));
}
