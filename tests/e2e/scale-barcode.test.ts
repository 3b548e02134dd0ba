/**
 * Weighing-scale labels in Chromium: a label scanned into the quick sale (typed in one burst + Enter, as a
 * scanner does) adds its item with the label's price; a wrong check digit is refused on screen; the sale form's
 * scan box reads a weight label, and a label of an unknown item code offers to create the item with that code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { SCALE_MESSAGES } from '../../commands/lib/scale-barcode';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { scannerBurst } from './sales-helpers';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const SCALE = { scaleBarcode: true, scalePrefix: '20-29', scaleCodeLength: 5 };
/** Prefix 21, item code 00042, price 00750, check digit 5 (hand-checked: tests/unit/scale-barcode.test.ts). */
const BEEF_750 = '2100042007505';

const basketText = (page: Page) =>
  page.$$eval('.basket-line', (els) => els.map((e) => `${e.querySelector('.basket-name')?.textContent} × ${(e.querySelector('.basket-qty') as HTMLInputElement).value} = ${e.querySelector('.basket-total')?.textContent}`));

test('a price label scanned into the quick sale adds the item with the label price; a bad check digit is refused', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(0, { business: 'biz-scale-quick' }), '/sales/quick', [
    // Read back on the invoice: 'After a quick sale' on the invoice (the default goes on to the next sale).
    ['config-set', { ...SCALE, quickSaleAfter: 'invoice' }],
    item('Beef', 1500, 10, { barcode: '42' }),
    item('Bread', 400, 10),
  ]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');
  assert.ok(await page.$eval('.cheat-sheet', (e) => e.textContent?.includes('a scale label: with its price or weight')));

  await scannerBurst(page, BEEF_750);
  await page.waitForSelector('.basket-line');
  // 750 at 1500 a kilogram: half a kilogram, worth exactly the label's 750.
  assert.equal(await basketText(page), ['Beef × 0.5 = ₦750.00']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦750.00');
  assert.is(await page.$eval('#quick-search', (e) => (e as HTMLInputElement).value), '');

  // The last digit misread: refused with the message, the basket untouched, focus still on the search.
  await scannerBurst(page, '2100042007506');
  const alert = await page.waitForSelector('[data-testid="quick-sale"] [role="alert"]');
  assert.is(await alert!.evaluate((e) => e.textContent), SCALE_MESSAGES.checkDigit('2100042007506', 5));
  assert.equal(await basketText(page), ['Beef × 0.5 = ₦750.00']);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'quick-search');

  // The keyboard goes on: F9, the amount, Enter completes the sale; the receipt shows the weighed line.
  await page.keyboard.press('F9');
  await page.keyboard.type('750');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice"]');
  const receipt = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  assert.ok(receipt.includes('0.5 × ₦1,500.00'), receipt);
  assert.equal(errors, []);
  await page.close();
});

test('the sale form scan box reads a weight label as the quantity', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(0, { business: 'biz-scale-form' }), '/sales/new', [
    ['config-set', { ...SCALE, scaleValue: 'weight' }],
    item('Beef', 1500, 10, { barcode: '00042' }),
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('#barcode-scan');
  // 00750 grams: 0.75 kg at 1500.
  await page.type('#barcode-scan', BEEF_750);
  await page.waitForFunction(() => (document.querySelector('[data-testid="sale-row-0"] input[role="combobox"]') as HTMLInputElement | null)?.value === 'Beef');
  assert.is(await page.$eval('[data-testid="sale-row-0"] input[name="quantity"]', (e) => (e as HTMLInputElement).value), '0.75');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="line-total"]')?.textContent === '₦1,125.00');

  // A label whose item code (00077) no item carries: Create item starts the item with that code, not the label.
  await page.type('#barcode-scan', '2100077007501');
  await page.waitForSelector('[data-testid="item-not-found"]');
  await (await page.waitForSelector('xpath/.//button[normalize-space()="Create item"]'))!.click();
  await page.waitForSelector('[data-testid="item-modal"] input[name="barcode"]');
  assert.is(await page.$eval('[data-testid="item-modal"] input[name="barcode"]', (e) => (e as HTMLInputElement).value), '00077');
  assert.equal(errors, []);
  await page.close();
});

test.run();
