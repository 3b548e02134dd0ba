/**
 * The cashier's third day at the quick sale (issue 39), from the keyboard: Backspace in a typed quantity clears
 * the digit, never the line, and focus always lands where the quick sale's keys work.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { countPointerEvents, countPrints, typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';
import { seedPage } from '../support/seed';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('aria-label') || document.activeElement?.tagName);

test('F4 then Backspace clears the digit, not the line; focus never falls to the page', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await countPointerEvents(page);
  await openAs(page, env.server.url, testUser(0, { business: 'biz-keys' }), '/sales/quick', [item('Beans', 500, 10), item('Rice', 1000, 10)]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(page, 'bea');
  await waitFirstTile(page, 'Beans');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1']);

  // F4, Backspace: the field is empty, the line stays, focus stays in the quantity.
  await page.keyboard.press('F4');
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => (document.querySelector('.basket-qty') as HTMLInputElement | null)?.value === '');
  assert.is(await page.$$eval('.basket-line', (els) => els.length), 1);
  assert.is(await focused(page), 'Quantity of Beans');
  // Digits type the new quantity; Enter goes back to the search.
  await page.keyboard.type('3');
  await waitBasket(page, ['Beans × 3']);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  // F9 and Esc work from there.
  await page.keyboard.press('F9');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-paid');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');

  // An emptied quantity left with Enter keeps the line at its quantity.
  await page.keyboard.press('F4');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await waitBasket(page, ['Beans × 3']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦1,500.00');

  // Del (empty search) removes the selected line; focus stays on the search and Enter adds again.
  await page.keyboard.press('Delete');
  await waitBasket(page, []);
  assert.is(await focused(page), 'quick-search');
  await typeSlowly(page, 'ric');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 1']);
  // A line removed while its quantity has focus (the × button, as a touch user taps it) sends focus to the
  // search, not the page.
  await page.keyboard.press('F4');
  await page.evaluate(() => (document.querySelector('[aria-label="Remove Rice"]') as HTMLButtonElement).click());
  await waitBasket(page, []);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  assert.equal(errors, []);
  await page.close();
});

test('a cashier (level 3) reaches Shifts from the quick sale by the menu key and opens a shift from the keyboard', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await countPointerEvents(page);
  await openAs(page, env.server.url, testUser(3, { business: 'biz-shift' }), '/sales/quick');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  const entry = await page.$$eval('[data-testid="menu"] a', (els) => els.map((a) => [a.querySelector('.menu-label')?.textContent, a.getAttribute('href')]));
  const at = entry.findIndex(([label]) => label === 'Shifts');
  assert.ok(at >= 0, JSON.stringify(entry));
  assert.is(entry[at][1], '/shifts');
  await page.keyboard.down('Alt');
  await page.keyboard.press(`Digit${at + 1}` as never);
  await page.keyboard.up('Alt');
  await page.waitForFunction(() => location.pathname === '/shifts');
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'float');
  await page.keyboard.type('2000');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="shift-current"]');
  assert.ok((await page.$eval('[data-testid="shift-current"]', (e) => e.textContent ?? '')).includes('₦2,000.00'));
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  await page.close();
});

/** Adds `typed`'s first hit, F9, the amount, Enter (completes the sale). */
async function sellOne(page: Page, typed: string, name: string, paid: string): Promise<void> {
  await typeSlowly(page, typed);
  await waitFirstTile(page, name);
  await page.keyboard.press('Enter');
  await waitBasket(page, [`${name} × 1`]);
  await page.keyboard.press('F9');
  await page.keyboard.type(paid);
  await page.keyboard.press('Enter');
}

test('after a quick sale: a fresh quick sale with Ctrl+P for the receipt by default; the invoice or the list when set', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await countPointerEvents(page);
  await countPrints(page);
  const user = testUser(0, { business: 'biz-after' });
  await openAs(page, env.server.url, user, '/sales/quick', [item('Beans', 500, 10), item('Rice', 1000, 10)]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');

  // Default ('Next sale'): the quick sale stays, empty, the search focused; the sale just made in its strip.
  await sellOne(page, 'bea', 'Beans', '2000');
  await page.waitForSelector('[data-testid="last-sale"]');
  assert.is(await page.evaluate(() => location.pathname), '/sales/quick');
  await waitBasket(page, []);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search' && (document.getElementById('quick-paid') as HTMLInputElement).value === '');
  assert.is(await page.$eval('[data-testid="last-change"]', (e) => e.textContent), '₦1,500.00');
  // Ctrl+P prints the sale's receipt (the invoice type's layout: the receipt by default), not the screen.
  await page.waitForSelector('[data-testid="last-sale-print"] [data-testid="invoice"].invoice-type-1');
  assert.ok((await page.$eval('[data-testid="last-sale-print"]', (e) => e.textContent ?? '')).includes('Beans'));
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyP');
  await page.keyboard.up('Control');
  await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
  // The next sale starts at once.
  await sellOne(page, 'ric', 'Rice', '1000');
  await page.waitForFunction(() => document.querySelector('[data-testid="last-sale"]')?.textContent?.includes('Total ₦1,000.00'));
  await waitBasket(page, []);

  // 'After a quick sale' on the invoice: 'Show invoice after sale' decides, the invoice (on) or the list (off).
  await seedPage(page, user, [['config-set', { quickSaleAfter: 'invoice' }]]);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await sellOne(page, 'bea', 'Beans', '500');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice"]');
  await seedPage(page, user, [['config-set', { salesRedirect: false }]]);
  await page.goto(env.server.url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await sellOne(page, 'bea', 'Beans', '500');
  await page.waitForFunction(() => location.pathname === '/sales');
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  assert.equal(errors, []);
  await page.close();
});

test.run();
