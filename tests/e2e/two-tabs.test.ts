/**
 * Two tabs of one business share one backend (one SharedWorker, one PouchDB per database): writes made from
 * both at the same moment all land, with distinct ids and no "Database was made stale" aborts, and a change
 * made in one tab shows on the other tab's screen without a reload; a sign-in to another business in one tab
 * moves the other tab to that business's settings and data.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { testUser } from '../support/fixtures';
import { seedPage, type Call } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const owner = testUser(0, { business: 'two-tabs' });
const items = (tab: string, n: number): Call[] =>
  Array.from({ length: n }, (_, i) => ['item-create', { name: `${tab} item ${i + 1}`, price: 100 + i, purchasePrice: 80, quantity: 5 }]);

test('writes from two tabs at the same moment all land, and each tab sees the other live', async () => {
  const first = await env.browser.newPage();
  const second = await env.browser.newPage();
  await openAs(first, env.server.url, owner, '/store', []);
  await second.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await first.waitForSelector('[data-testid="store-table"]');
  await second.waitForSelector('[data-testid="store-table"]');

  // seedPage throws at a refused write: every write from both tabs succeeds.
  const [a, b] = await Promise.all([seedPage(first, owner, items('First', 40)), seedPage(second, owner, items('Second', 40))]);
  const ids = new Set([...a, ...b].map((r) => (r as { id: string }).id));
  assert.is(ids.size, 80, 'ids are distinct across tabs');

  // The second tab's screen, which made none of the First items, lists them through the shared worker's events.
  await second.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="store-table"] tbody tr td:first-child')].some((td) => td.textContent?.startsWith('First item')),
  );
  const [list] = await seedPage(second, owner, [['store-list', { offset: 0, limit: 10, search: 'item' }]]);
  assert.is(list.total, 80, 'the store lists all 80 items');
  await first.close();
  await second.close();
});

const hasButton = (label: string) => `[...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === ${JSON.stringify(label)})`;

test("signing in to another business in one tab moves every tab to that business's settings", async () => {
  const withWarehouses = testUser(0, { business: 'tabs-warehouses' });
  const plain = testUser(0, { business: 'tabs-plain' });
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, plain, '/store', [['item-create', { name: 'Plain rice', price: 500, purchasePrice: 400, quantity: 1 }]]);
  await seedPage(page, withWarehouses, [['config-set', { useWarehouse: true }]]);
  await page.evaluate((u) => localStorage.setItem('oja:user', JSON.stringify(u)), withWarehouses);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(hasButton('New warehouse'));

  // Another tab signs in to the business without warehouses (its worker unlocked, as a sign-in does): this tab
  // follows, settings included.
  const other = await env.browser.newPage();
  await other.goto(env.server.url + '/not-found', { waitUntil: 'domcontentloaded' });
  await seedPage(other, plain, []);
  await other.evaluate((u) => localStorage.setItem('oja:user', JSON.stringify(u)), plain);
  // Back to the first tab: a tab in the background paints no frames, and the waits below poll on frames.
  await page.bringToFront();
  await page.waitForFunction(`!(${hasButton('New warehouse')})`);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="store-table"] td')].some((td) => td.textContent === 'Plain rice'));
  await other.close();
  await page.close();
});

test.run();
