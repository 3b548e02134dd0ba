/**
 * What a new shop owner hit on the quick sale (issue 17): Enter twice on one query adds two of the same item;
 * variants are named on tiles, basket, both receipts and the Sold list; cash above the total due is change,
 * not payment.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { setup } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';
import { typeSlowly, waitBasket } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('Enter twice on the same query adds two of that item, at once or after the search has cleared', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  // 'Aaa bag' (₦0) is the first tile of the empty search: the item the second Enter used to add.
  await openAs(page, env.server.url, testUser(0, { business: 'biz-enter' }), '/sales/quick', [item('Aaa bag', 0, 50), item('Rice', 1000, 10), item('Beans', 500, 10)]);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');
  await typeSlowly(page, 'rice');
  await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === 'rice');
  // Two Enters back to back: the second arrives before the cleared search's answer.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 2']);
  // After the cleared search has answered, the added item is first and highlighted: Enter adds one more of it.
  await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === '');
  assert.is(await page.$eval('.tile-active .tile-name', (e) => e.textContent), 'Rice');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 3']);
  // A new query forgets it: Enter adds that query's best hit.
  await typeSlowly(page, 'bea');
  await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === 'bea');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 3', 'Beans × 1']);
  await page.close();
});

test('variants named on tiles, basket and both receipts; cash above the total due is change, not payment', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-cash' });
  const [, category] = await openAs(page, env.server.url, user, '/not-found', [
    // Both receipts are read on the invoice page: 'After a quick sale' on the invoice.
    ['config-set', { useVariation: true, variationFields: ['Size', 'Colour'], quickSaleAfter: 'invoice' }],
    ['category-create', { value: 'Ankara Wrapper' }],
  ]);
  const group = { name: 'Ankara Wrapper', id: category.id };
  await openAs(page, env.server.url, user, '/sales/quick', [
    item('Ankara Wrapper', 19475.75, 5, { group, variation: { size: 'Large', colour: 'Red' } }),
    item('Ankara Wrapper', 15000, 5, { group, variation: { size: 'Small', colour: 'Blue' } }),
  ]);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="quick-results"] .tile').length === 2);
  const tiles = await page.$$eval('.tile-name', (els) => els.map((e) => e.textContent).sort());
  assert.equal(tiles, ['Ankara Wrapper (Large, Red)', 'Ankara Wrapper (Small, Blue)']);
  await typeSlowly(page, 'ankara');
  await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === 'ankara');
  const at = (await page.$$eval('.tile-name', (els) => els.map((e) => e.textContent))).indexOf('Ankara Wrapper (Large, Red)');
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('.tile-active .tile-name')?.textContent === 'Ankara Wrapper (Large, Red)');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Ankara Wrapper (Large, Red) × 2']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦38,951.50');

  await page.keyboard.press('F9');
  await page.keyboard.type('40000');
  await page.waitForFunction(() => document.querySelector('[data-testid="change"]')?.textContent === '₦1,048.50');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="invoice"]');
  const cell = (name: string) => page.$eval(`[data-testid="invoice-${name}"]`, (e) => e.textContent);
  assert.is(await cell('amount'), '₦38,951.50');
  assert.is(await cell('cash'), '₦40,000.00');
  assert.is(await cell('change'), '₦1,048.50');
  assert.is(await cell('balance'), '₦0.00');
  assert.ok((await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '')).includes('Ankara Wrapper (Large, Red)'));

  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const [view, cash] = await seedPage(page, user, [
    ['sale-get', { id }],
    ['bank-get', { id: CASH_ACCOUNT }],
  ]);
  assert.is(view.sale.amount_paid, 38951.5);
  assert.is(view.sale.total_due, 38951.5);
  assert.is(cash!.balance, 38951.5);

  // The full invoice (type 2) names the variant too, and prints Cash and Change.
  await seedPage(page, user, [['config-set', { invoiceType: 2 }]]);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="invoice-to"]');
  const full = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  for (const text of ['Ankara Wrapper (Large, Red)', '₦40,000.00', '₦1,048.50']) assert.ok(full.includes(text), text);

  // The Sold list names the variant too.
  await page.evaluate(() => {
    history.pushState(null, '', '/sales');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForFunction(() => [...document.querySelectorAll('.data-table td')].some((td) => td.textContent === 'Ankara Wrapper (Large, Red)'));
  await page.close();
});

test.run();
