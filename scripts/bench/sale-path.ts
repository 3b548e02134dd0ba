/**
 * Issue 28's performance check: the store page, the quick-sale keystroke and the sale save on the plain set
 * against the same set with price levels and units of measure on (`--levels-units`, scripts/bench/levels-units.ts).
 * The variant has a kept profile of its own (`oja-bench-profile-<size>-v<DATA_VERSION>-lu`); on its first run it
 * starts as a copy of the plain set's profile with only the items rewritten, so M's variant costs a minute, not
 * the quarter of an hour a whole set takes to write. Its keys end `_lu` (store_page_ms → store_page_lu_ms).
 *
 *   npm run bench -- --only-sale-path [--levels-units] [--rounds N]   (N rounds, plain then variant in each)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_VERSION, type SizeName } from './data';
import { call } from './call';
import { launchChromium } from './app-server';
import { luKeys, measureQuickSale } from './quick-sale';
import { round } from './report';

/** The kept profile of a size's set (tiny: a fresh folder, removed by the caller). */
export function profileFor(size: SizeName, levelsUnits: boolean): string {
  if (size === 'tiny') return mkdtempSync(join(tmpdir(), `oja-bench-profile-tiny${levelsUnits ? '-lu' : ''}-`));
  // BENCH_PROFILE: a kept profile of one's own (a copy, so two benches never share one browser profile).
  if (!levelsUnits && process.env.BENCH_PROFILE) return process.env.BENCH_PROFILE;
  return join(tmpdir(), `oja-bench-profile-${size}-v${DATA_VERSION}${levelsUnits ? '-lu' : ''}`);
}

/** One set's store pages and sale save after a cold start from the checkpoint, in a browser of its own. */
export async function measureStoreAndSave(url: string, size: SizeName, levelsUnits: boolean, log: (s: string) => void): Promise<Record<string, number>> {
  const profile = profileFor(size, levelsUnits);
  const plain = join(tmpdir(), `oja-bench-profile-${size}-v${DATA_VERSION}`);
  if (levelsUnits && size !== 'tiny' && !existsSync(join(profile, 'Default')) && existsSync(plain)) {
    log(`copying the plain set's profile to ${profile}`);
    cpSync(plain, profile, { recursive: true });
  }
  mkdirSync(profile, { recursive: true });
  const browser = await launchChromium(profile);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => log(`page error: ${String(e)}`));
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in globalThis);
    const loaded = await call(page, 'prepare', size, levelsUnits);
    if (!loaded.reused) log(`${levelsUnits ? 'levels-and-units' : 'plain'} set: ${loaded.docs} documents, written in ${round(loaded.ms / 1000, 1)} s`);
    // A checkpoint written now, then the cold start measured from it: the variant's copied profile otherwise keeps
    // the plain set's checkpoint, and every cold start would catch the ledger up over the 50,000 rewritten items
    // (and the sales saved since), which says nothing about levels and units. Both sets are treated the same.
    await call(page, 'coldStart', true);
    await call(page, 'checkpoint');
    const opened = await call(page, 'coldStart', true);
    if (opened.origin !== 'checkpoint') throw new Error(`cold start did not use the checkpoint (${opened.origin})`);
    await call(page, 'entriesReady');
    const pages = await call(page, 'storePages');
    const saleSave = await call(page, 'saleSave', levelsUnits);
    await call(page, 'close');
    const r = { store_page_ms: round(pages.storePage), store_page_new_sort_ms: round(pages.storePageNewSort), sale_save_ms: round(saleSave), sale_path_cold_start_ms: round(opened.ms, 0) };
    log(`  ${levelsUnits ? 'levels and units' : 'plain'}: cold start ${r.sale_path_cold_start_ms} ms, store page ${r.store_page_ms} ms, new sort ${r.store_page_new_sort_ms} ms, sale save ${r.sale_save_ms} ms`);
    return levelsUnits ? luKeys(r) : r;
  } finally {
    await browser.close();
    if (size === 'tiny') rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

/**
 * --only-sale-path: `rounds` rounds, each the plain set then (with --levels-units) the variant, first the store
 * page and sale save, then the quick sale; the keys are the median over the rounds, each round logged.
 */
export async function measureSalePath(url: string, size: SizeName, levelsUnits: boolean, rounds: number, log: (s: string) => void): Promise<Record<string, number>> {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < rounds; i++) {
    log(`round ${i + 1} of ${rounds}`);
    const r: Record<string, number> = {};
    for (const lu of levelsUnits ? [false, true] : [false]) Object.assign(r, await measureStoreAndSave(url, size, lu, log));
    for (const lu of levelsUnits ? [false, true] : [false]) {
      // Imported afresh each round: on this machine a second round on the kept quick-sale profile (a new server
      // with an empty data folder) waited on /sales/quick for minutes without showing the screen (M, 05:09–05:13
      // UTC); an import is a minute at M. Not investigated further.
      const q = await measureQuickSale(size, true, log, undefined, lu);
      log(`  quick sale${lu ? ' (levels and units)' : ''}: ${JSON.stringify(q)}`);
      Object.assign(r, q);
    }
    runs.push(r);
  }
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((k) => [k, mid(runs.map((r) => r[k]))]));
}
