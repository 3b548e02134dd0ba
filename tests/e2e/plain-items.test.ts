/**
 * Variations apply to the items that have them (issue 17): with variations on, New item offers a plain item
 * (no category, no Size or Colour), and a plain item on the issue form shows no empty variation dropdowns
 * while a variant shows its own.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { testUser } from '../support/fixtures';
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

test('a plain item with variations on: created without a category, no variation dropdowns on the issue form', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-plain' }), '/store', [
    ['config-set', { useVariation: true, variationFields: ['Size', 'Colour'] }],
    ['variation-create', { type: 'Size', value: 'M' }],
    ['variation-create', { type: 'Colour', value: 'Red' }],
  ]);
  await page.waitForSelector('[data-testid="store-empty"]');
  await clickText(page, 'New item', '[data-testid="store-toolbar"]');
  await page.waitForSelector('[data-testid="category-modal"] [data-testid="plain-item"]');
  await page.click('[data-testid="plain-item"]');
  await page.waitForSelector('[data-testid="item-modal"]');
  // No Size or Colour for an item without a category.
  const labels = await page.$$eval('[data-testid="item-modal"] label', (ls) => ls.map((l) => l.textContent));
  assert.not.ok(labels.includes('Size') || labels.includes('Colour'), labels.join(','));
  await fill(page, 'Name', 'Yoghurt', '[data-testid="item-modal"]');
  await fill(page, 'Price', '800', '[data-testid="item-modal"]');
  await fill(page, 'Starting quantity', '12', '[data-testid="item-modal"]');
  await clickText(page, 'Save', '[data-testid="item-modal"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="item-modal"]'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="store-table"] td')].some((td) => td.textContent === 'Yoghurt'));

  await page.evaluate(() => {
    history.pushState(null, '', '/issue-out');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await pickItem(page, 'issue-item-0', 'Yoghurt');
  // The pick is applied in one update (item, balance, variations): wait for its balance.
  await page.waitForFunction(() => (document.querySelector('.issue-row .available')?.textContent ?? '').includes('12'));
  // The row has its item; it shows no Size or Colour dropdown.
  const rowLabels = await page.$$eval('.issue-row label', (ls) => ls.map((l) => l.textContent));
  assert.not.ok(rowLabels.includes('Size') || rowLabels.includes('Colour'), rowLabels.join(','));
  await page.close();
});

test.run();
