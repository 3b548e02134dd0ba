/**
 * Reorder levels in Chromium: levels set in the item form (edit and create), the store's Low stock tab and its
 * count, the reorder list turned into a new purchase with its lines filled in, and after buying, the count
 * follows the new stock.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser, createSupplier } from '../support/fixtures';
import { pickItem } from './store-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const countIs = (page: Page, tab: string, n: number) =>
  page.waitForFunction((t, v) => document.querySelector(`[data-testid="count-${t}"]`)?.textContent === v, { polling: 'mutation' }, tab, String(n));

/** Edit Item → the item → its Reorder level → Save (the dialog stays open when the worker refuses). */
async function editLevel(page: Page, item: string, level: string) {
  await clickText(page, 'Edit Item', '[data-testid="store-toolbar"]');
  await page.waitForSelector('[data-testid="item-modal"]');
  await pickItem(page, 'edit-item-picker', item);
  await fill(page, 'Reorder level', level, '[data-testid="item-modal"]');
  await clickText(page, 'Save', '[data-testid="item-modal"]');
}
const closed = (page: Page) => page.waitForFunction(() => !document.querySelector('[data-testid="item-modal"]'));

const inputValue = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLInputElement).value);

test('set reorder levels, see the Low stock count, turn the reorder list into a purchase', async () => {
  const page = await env.browser.newPage();
  const owner = testUser(0, { business: 'reorder-1' });
  await openAs(page, env.server.url, owner, '/store', [
    createSupplier(),
    ['item-create', { name: 'Soap', price: 300, purchasePrice: 250, quantity: 3 }],
    ['item-create', { name: 'Sugar', price: 900, purchasePrice: 700, quantity: 10, reorderLevel: 4 }],
    ['item-create', { name: 'Milk', price: 500, purchasePrice: 400, quantity: 0, reorderLevel: 2 }],
  ]);
  const errors = watchErrors(page);
  await countIs(page, 'low', 0);
  await countIs(page, 'out', 1);

  // Edit item: Soap gets a level of 5 (it has 3): one item low.
  await editLevel(page, 'Soap', '5');
  await closed(page);
  await countIs(page, 'low', 1);

  // New item with a starting quantity at its level: two low.
  await clickText(page, 'New item', '[data-testid="store-toolbar"]');
  await page.waitForSelector('[data-testid="item-modal"]');
  await fill(page, 'Name', 'Salt', '[data-testid="item-modal"]');
  await fill(page, 'Purchase price', '120', '[data-testid="item-modal"]');
  await fill(page, 'Starting quantity', '4', '[data-testid="item-modal"]');
  await fill(page, 'Reorder level', '4', '[data-testid="item-modal"]');
  await clickText(page, 'Save', '[data-testid="item-modal"]');
  await closed(page);
  await countIs(page, 'low', 2);

  // A level that is not a number is refused with its message and nothing is saved.
  await editLevel(page, 'Sugar', '-1');
  await page.waitForSelector('::-p-text(The reorder level must be a number of 0 or more.)');
  await page.keyboard.press('Escape');
  await closed(page);

  await page.click('[data-tab="low"]');
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="store-table"] tbody tr[data-index]')].map((tr) => tr.querySelector('td')?.textContent).join(',') === 'Salt,Soap',
    { polling: 'mutation' },
  );
  await clickText(page, 'Reorder list');
  await page.waitForSelector('[data-testid="reorder-table"] tbody tr');
  const listed = await page.$$eval('[data-testid="reorder-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  // Milk ran out (it has a level): on the list, not in the Low stock tab. Quantity = twice the level - stock.
  assert.equal(listed, [
    ['Milk', '', '0', '2', '4', '400.00'],
    ['Salt', '', '4', '4', '4', '120.00'],
    ['Soap', '', '3', '5', '7', '250.00'],
  ]);
  await clickText(page, 'New purchase', '[data-testid="reorder-modal"]');
  await waitForPath(page, '/purchases/new');
  await page.waitForSelector('[data-testid="item-row-2"]');
  const lines = [];
  for (let i = 0; i < 3; i++) {
    const row = `[data-testid="item-row-${i}"]`;
    lines.push([await inputValue(page, `${row} [data-testid="item-picker"]`), await inputValue(page, `${row} input[name="quantity"]`), await inputValue(page, `${row} input[name="price"]`)]);
  }
  assert.equal(lines, [
    ['Milk', '4', '400'],
    ['Salt', '4', '120'],
    ['Soap', '7', '250'],
  ]);
  await page.waitForFunction(() => document.querySelector('[data-testid="total-due"]')?.textContent === '₦3,830.00');

  // Buy it: the stock rises above every level and the Low stock count follows.
  await page.click('[data-testid="supplier-picker"] input');
  await page.type('[data-testid="supplier-picker"] input', 'alab');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes('Alaba Traders')));
  await page.keyboard.press('Enter');
  await page.type('input[name="invoice_number"]', 'RE-1');
  await page.click('input[name="amount_paid"]', { clickCount: 3 });
  await page.keyboard.type('3830');
  await page.click('::-p-text(Buy)');
  await page.waitForFunction(() => location.pathname !== '/purchases/new');
  await page.click('[data-testid="menu"] a[href="/store"]');
  await waitForPath(page, '/store');
  await countIs(page, 'out', 0);
  await countIs(page, 'low', 0);
  assert.equal(errors, []);
  await page.close();
});

test.run();
