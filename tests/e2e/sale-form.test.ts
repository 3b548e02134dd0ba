/**
 * A form sale with a percentage discount, a line discount and exclusive VAT, printed as a receipt (type 1)
 * and as a full invoice (type 2). Hand-computed: 2 × 1,000 + (500 − 100) = 2,400; 10 % = 240 → 2,160;
 * VAT 5 % = 108 → 2,268, of which 1,000 paid into a bank chosen by keyboard.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { countPrints, pick } from './sales-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const USER = testUser(0, { business: 'biz-form', businessName: 'Ada Stores' });


test('a sale with discount and VAT from the form, printed as both invoice types', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await countPrints(page);
  await openAs(page, env.server.url, USER, '/sales/new', [
    ['config-set', { useVat: true, percentageDiscount: true, invoiceType: 1 }],
    item('Rice', 1000, 10),
    item('Beans', 500, 10),
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08030000000' }],
    ['bank-create', { name: 'GTB', account_number: '0123456789' }],
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Chio', 'Chioma Obi');
  await page.waitForFunction(() => (document.querySelector('[data-testid="customer-card"] input[name="phone_number"]') as HTMLInputElement)?.value === '+2348030000000');

  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Rice', 'Rice');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '10');
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="quantity"]' }, '2');
  await page.click('[data-testid="items-card"] > button');
  await page.waitForSelector('[data-testid="sale-row-1"]');
  await pick(page, '[data-testid="sale-row-1"] [data-testid="item-picker"]', 'Beans', 'Beans');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-1"] [data-testid="available"]')?.textContent === '10');
  await fill(page, { selector: '[data-testid="sale-row-1"] input[name="line_discount"]' }, '100');
  await fill(page, { selector: 'input[name="discount_percentage"]' }, '10');
  await page.waitForFunction(() => document.querySelector('[data-testid="form-total-due"]')?.textContent === '₦2,268.00');

  // Underpaid first: the debt alert, declined.
  await fill(page, { selector: 'input[name="amount_paid"]' }, '2000');
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  const alert = await page.$eval('[data-testid="confirm-dialog"]', (e) => e.textContent ?? '');
  assert.ok(alert.includes('Debt alert!'));
  assert.ok(alert.includes('Yes, make debt!'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('.alert-error')?.textContent === 'Cancelled: Please update amount paid for sale');

  // Part of the payment into a bank, chosen with the keyboard alone: Tab from amount paid, type-ahead, Tab.
  await fill(page, { selector: 'input[name="amount_paid"]' }, '2268');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLSelectElement).name), 'bank_account');
  await page.waitForSelector('select[name="bank_account"] option[value^="c"]');
  await page.keyboard.type('GTB');
  await page.waitForSelector('input[name="bank_amount"]');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), 'bank_amount');
  await page.keyboard.type('1000');
  await page.click('button[type="submit"]');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  const invoiceUrl = await page.evaluate(() => location.pathname);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-1');
  const receipt = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  for (const t of ['Ada Stores', 'Chioma Obi', '2 × ₦1,000.00', 'Discount (10%)', '-₦240.00', 'VAT (5%, exclusive)', '₦108.00', '₦2,268.00', 'Bank (GTB)₦1,000.00', 'Powered by']) assert.ok(receipt.includes(t), t);
  assert.is(await page.$eval('[data-testid="invoice"]', (e) => (e as HTMLElement).style.width), '105mm');
  await page.click('.actions .btn-primary');
  await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
  assert.equal(errors, []);

  // The full invoice (type 2) on A4, with the LPO input.
  await openAs(page, env.server.url, USER, invoiceUrl, [['config-set', { invoiceType: 2, invoiceWidth: 'A4', lpo: true }]]);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-2');
  const full = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  const heads = await page.$$eval('[data-testid="invoice"] thead th', (ths) => ths.map((t) => t.textContent));
  assert.equal(heads, ['SN', 'Description', 'Quantity', 'Unit Price', 'Total']);
  assert.ok((await page.$eval('[data-testid="invoice-to"]', (e) => e.textContent ?? '')).includes('Chioma Obi'));
  assert.ok(await page.$('[data-testid="invoice"] input[aria-label="LPO number"]'));
  assert.is(await page.$eval('[data-testid="amount-in-words"]', (e) => e.textContent), 'Amount in words: Two thousand two hundred and sixty-eight naira');
  for (const t of ["Customer's signature", 'For Ada Stores', 'Powered by', '₦2,268.00']) assert.ok(full.includes(t), t);
  assert.is(await page.$eval('[data-testid="invoice"]', (e) => (e as HTMLElement).style.width), '210mm');
  await page.click('.actions .btn-primary');
  await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
  await page.close();
});

/** Types into the input a label names, inside `scope` (ids from React's useId need escaping). */
async function typeInto(page: Page, scope: string, label: string, text: string) {
  const selector = await page.$$eval(`${scope} label`, (ls, l) => '#' + CSS.escape(ls.find((x) => x.textContent === l)?.htmlFor ?? 'missing'), label);
  await page.type(selector, text);
}

test("a scanned code nobody knows: 'Not found!' → Create item opens the store's form with the code, then it sells", async () => {
  const page = await env.browser.newPage();
  const code = '6151234567890';
  await openAs(page, env.server.url, testUser(0, { business: 'biz-scan' }), '/sales/new', [['config-set', { barcode: true }]]);
  const errors = watchErrors(page);
  await page.waitForSelector('#barcode-scan');
  await page.type('#barcode-scan', code);
  await page.waitForSelector('[data-testid="item-not-found"]');
  const create = await page.waitForSelector('xpath/.//button[normalize-space()="Create item"]');
  await create!.click();

  await page.waitForSelector('[data-testid="item-modal"] input[name="barcode"]');
  assert.is(await page.$eval('[data-testid="item-modal"] input[name="barcode"]', (e) => (e as HTMLInputElement).value), code);
  await page.waitForFunction(() => location.pathname === '/store' && location.search === '');
  await typeInto(page, '[data-testid="item-modal"]', 'Name', 'Scanned soap');
  await typeInto(page, '[data-testid="item-modal"]', 'Price', '350');
  await typeInto(page, '[data-testid="item-modal"]', 'Starting quantity', '4');
  await page.click('[data-testid="item-modal"] button[type="submit"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="item-modal"]'));

  // The new item answers to the scanned code.
  await page.goto(`${env.server.url}/sales/new`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#barcode-scan');
  await page.type('#barcode-scan', code);
  await page.waitForFunction(() => (document.querySelector('[data-testid="sale-row-0"] input[role="combobox"]') as HTMLInputElement | null)?.value === 'Scanned soap');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '4');
  assert.equal(errors, []);
  await page.close();
});

test.run();
