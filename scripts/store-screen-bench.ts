/**
 * Time to first rows of the store screen in Chromium, against IndexedDB through the real worker:
 *   npx tsx scripts/store-screen-bench.ts [items=50000]
 * Seeds the items (each with starting stock) through 'item-import-write' (tests/support/seed.ts), closes every page so
 * the business's shared worker ends, then opens /store cold (the worker builds its item index and the ledger from
 * IndexedDB) and measures
 * from navigation start to the first table row on screen; then a warm search and a sort by stock value.
 */
import { setup } from '../tests/e2e/harness';
import { testUser } from '../tests/support/fixtures';
import type { Call } from '../tests/support/seed';
import { openAs } from '../tests/support/open';

const N = Number(process.argv[2] ?? 50000);
const CHUNK = 500;
const env = await setup();
try {
  const user = testUser(0, { business: 'bench' });
  const page = await env.browser.newPage();
  const began = Date.now();
  const calls: Call[] = [];
  for (let i = 0; i < N; i += CHUNK) {
    const rows = [];
    for (let j = i; j < Math.min(N, i + CHUNK); j++) {
      rows.push({ line: j + 2, name: `Item ${j} ${['rice', 'beans', 'oil', 'milk', 'soap'][j % 5]}`, price: 100 + (j % 900), purchasePrice: 80, description: `Batch ${j % 77}`, quantity: j % 13 });
    }
    calls.push(['item-import-write', { rows }]);
  }
  await openAs(page, env.server.url, user, '/worker.js', calls);
  console.log(`seeded ${N} items in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  // The shared worker lives while any page that connected to it is open: close them all for a cold start.
  const fresh = await env.browser.newPage();
  await page.close();
  await fresh.goto('about:blank');
  const t0 = Date.now();
  await fresh.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await fresh.waitForSelector('[data-testid="store-table"] tbody tr td', { timeout: 300000 });
  console.log(`store screen, cold: first rows after ${Date.now() - t0} ms`);
  // A second cold start: the ledger now starts from its checkpoint (written a few seconds after changes stop).
  await new Promise((r) => setTimeout(r, 5000));
  const again = await env.browser.newPage();
  await fresh.close();
  const t3 = Date.now();
  await again.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await again.waitForSelector('[data-testid="store-table"] tbody tr td', { timeout: 300000 });
  console.log(`store screen, second cold start: first rows after ${Date.now() - t3} ms`);
  const t1 = Date.now();
  await again.type('[data-testid="store-table"] input[type="search"]', 'soap');
  const expected = `of ${(N / 5).toLocaleString('en-US')} entries`;
  await again.waitForFunction((t) => document.querySelector('[data-testid="table-info"]')?.textContent?.includes(t) ?? false, { timeout: 60000 }, expected);
  console.log(`search 'soap' answered (incl. 250 ms debounce) after ${Date.now() - t1} ms`);
  const t2 = Date.now();
  // Highest stock value first: the first row changes from a zero-stock item to the most valuable one.
  await again.click('[data-sort-key="stockValue"]');
  await again.waitForSelector('th[aria-sort="ascending"] [data-sort-key="stockValue"]');
  await again.click('[data-sort-key="stockValue"]');
  await again.waitForFunction(
    () => {
      const cells = [...document.querySelectorAll('[data-testid="store-table"] tbody tr:first-child td')].map((td) => td.textContent);
      return !!document.querySelector('th[aria-sort="descending"]') && cells[3] !== undefined && cells[3] !== '₦0.00';
    },
    { timeout: 60000 },
  );
  console.log(`sort by stock value (two clicks) after ${Date.now() - t2} ms`);
} finally {
  await env.teardown();
}
