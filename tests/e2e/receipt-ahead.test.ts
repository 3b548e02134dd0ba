/**
 * A saved sale's receipt shows without a loading screen between (issue 31). The screens that save a sale fetch
 * the receipt's chunk once they show (src/routes.tsx, `next`), and a screen whose chunk is here renders without
 * suspending: a Suspense fallback, once shown, held the receipt back until 300 ms after it appeared (React's
 * FALLBACK_THROTTLE_MS), which was most of a sale's save to receipt. No timing here: the fallback's element
 * (`.loading`, src/lazy-screen.tsx) must never appear between the save and the receipt.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item, createItem, createSupplier, RICE_BAG } from '../support/fixtures';
import { pick, typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

/** Waits until the page itself has fetched a screen's chunk (it asks for it only ahead of a visit, or on one). */
async function chunkFetched(page: Page, screen = 'InvoicePage'): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByType('resource').some((e) => new RegExp(`/chunks/${name}-[A-Z0-9]+\\.js$`).test(e.name)), {}, screen);
}
const receiptChunkFetched = (page: Page) => chunkFetched(page);

/** From now on, notes whether a screen's loading fallback is ever put on the page. */
async function watchFallback(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __fallbacks: number };
    w.__fallbacks = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && (n.matches('.loading') || n.querySelector('.loading'))) w.__fallbacks++;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const fallbacks = (page: Page) => page.evaluate(() => (window as unknown as { __fallbacks: number }).__fallbacks);

test('the quick sale fetches the receipt ahead: Enter on amount paid shows it with no loading screen, Print focused', async () => {
  const page = await env.browser.newPage();
  // The invoice after the sale ('After a quick sale' on the invoice; the default goes on to the next sale).
  await openAs(page, env.server.url, testUser(0, { business: 'biz-ahead-quick' }), '/sales/quick', [['config-set', { quickSaleAfter: 'invoice' }], item('Beans', 500, 10)]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');
  await receiptChunkFetched(page);
  await typeSlowly(page, 'bea');
  await waitFirstTile(page, 'Beans');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1']);
  await page.keyboard.press('F9');
  await page.keyboard.type('500');
  await watchFallback(page);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="invoice"]');
  assert.ok((await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '')).includes('Beans'));
  assert.ok(page.url().includes('/sales/invoice/'), page.url());
  assert.is(await fallbacks(page), 0, 'no loading screen between the save and the receipt');
  // The receipt's keyboard behaviour is unchanged: Print has focus.
  await page.waitForFunction(() => document.activeElement?.textContent === 'Print');
  assert.equal(errors, []);
  await page.close();
});

test('the sale form fetches the receipt ahead: Save shows the invoice with no loading screen', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-ahead-form' }), '/sales/new', [
    item('Rice', 1000, 10),
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08030000000' }],
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await receiptChunkFetched(page);
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Chio', 'Chioma Obi');
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Rice', 'Rice');
  await page.waitForFunction(() => document.querySelector('[data-testid="form-total-due"]')?.textContent === '₦1,000.00');
  await fill(page, { selector: 'input[name="amount_paid"]' }, '1000');
  await watchFallback(page);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="invoice"]');
  assert.ok((await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '')).includes('Rice'));
  assert.is(await fallbacks(page), 0, 'no loading screen between the save and the invoice');
  assert.equal(errors, []);
  await page.close();
});

test('a saved purchase opens its details with no loading screen (fetched ahead by the purchase form)', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-ahead-purchase' }), '/purchases/new', [
    ['config-set', { purchaseRedirect: true }],
    createSupplier(),
    createItem(RICE_BAG),
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="purchase-form"]');
  await chunkFetched(page, 'PurchaseDetails');
  await pick(page, '[data-testid="supplier-picker"] input', 'alab', 'Alaba Traders');
  await page.type('input[name="invoice_number"]', 'SUP-200');
  await pick(page, '[data-testid="item-row-0"] [data-testid="item-picker"]', 'rice', 'Rice 50kg');
  await page.waitForFunction(() => document.querySelector('[data-testid="total-due"]')?.textContent === '₦52,000.00');
  await fill(page, { selector: 'input[name="amount_paid"]' }, '52000');
  await watchFallback(page);
  await page.click('::-p-text(Buy)');
  await page.waitForSelector('[data-testid="purchase-items"] tbody tr');
  assert.ok(/^\/purchases\/invoice\/[^/]+$/.test(new URL(page.url()).pathname), page.url());
  assert.is(await fallbacks(page), 0, 'no loading screen between the save and the purchase’s details');
  assert.equal(errors, []);
  await page.close();
});

test.run();
