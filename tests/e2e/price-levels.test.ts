/**
 * Price levels by keyboard (issue 28). Levels: Wholesale (by itself from 12), Distributor. Indomie: retail ₦220,
 * Wholesale ₦200, Distributor ₦180. Milo: ₦1,000, no level prices.
 * - Quick sale, no mouse: 12 Indomie at retail become Wholesale by the quantity break (12 × ₦200 = ₦2,400); back
 *   to 2 they are retail (₦440); F3 → Wholesale (₦400); Milo falls back to retail and says so (₦1,400); F3 →
 *   Distributor (2 × ₦180 + ₦1,000 = ₦1,360); Shift+F3 → Wholesale (₦1,400); the receipt names the level and the
 *   fallback.
 * - Sale form: a customer whose default level is Distributor starts the sale at Distributor (₦180); F3 → Retail
 *   (₦220), F3 → Wholesale (₦200); the switch shows its focus; the invoice names the level.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { countPointerEvents, pick, typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import type { Call } from '../support/seed';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const LEVELS = [
  { id: 'wholesale', name: 'Wholesale', minQuantity: 12 },
  { id: 'distributor', name: 'Distributor' },
];
const SEED: Call[] = [
  ['config-set', { priceLevels: LEVELS }],
  item('Indomie', 220, 100, { levelPrices: { wholesale: 200, distributor: 180 } }),
  item('Milo', 1000, 20),
];

const switchValue = (page: Page) => page.$eval('#price-level', (e) => (e as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
const waitText = (page: Page, selector: string, text: string) =>
  page.waitForFunction((s, t) => document.querySelector(s)?.textContent === t, {}, selector, text);
const lineLevels = (page: Page) => page.$$eval('[data-testid="line-level"]', (els) => els.map((e) => e.textContent));

test('quick sale: a quantity break, F3 and Shift+F3 switch the level, a fallback says so, the receipt names the level', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await countPointerEvents(page);
  // The receipt is read on the invoice page: 'After a quick sale' on the invoice (the default goes on).
  await openAs(page, env.server.url, testUser(0, { business: 'biz-levels-quick' }), '/sales/quick', [...SEED, ['config-set', { quickSaleAfter: 'invoice' }]]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('#price-level');
  assert.is(await switchValue(page), 'Retail');
  assert.ok(await page.$eval('.cheat-sheet', (e) => e.textContent?.includes('Next price level')), 'the keys list names F3');

  await typeSlowly(page, 'indo');
  await waitFirstTile(page, 'Indomie');
  await page.keyboard.press('Enter');
  await waitText(page, '[data-testid="total-due"]', '₦220.00');
  assert.equal(await lineLevels(page), []);

  // Quantity break: 12 at retail is the Wholesale price by itself; back to 2 it is retail again.
  await page.keyboard.press('F4');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await waitText(page, '[data-testid="total-due"]', '₦2,400.00');
  assert.equal(await lineLevels(page), ['Wholesale (quantity)']);
  await page.keyboard.press('F4');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await waitText(page, '[data-testid="total-due"]', '₦440.00');
  assert.equal(await lineLevels(page), []);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'quick-search');

  // F3: Wholesale for the whole basket (and the tiles' prices); the cashier stays in the search box.
  await page.keyboard.press('F3');
  await waitText(page, '[data-testid="total-due"]', '₦400.00');
  await waitText(page, '[data-testid="quick-results"] .tile-price', '₦200.00');
  assert.is(await switchValue(page), 'Wholesale (from 12)');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'quick-search');
  await typeSlowly(page, 'milo');
  await waitFirstTile(page, 'Milo');
  await page.keyboard.press('Enter');
  await waitText(page, '[data-testid="total-due"]', '₦1,400.00');
  assert.equal(await lineLevels(page), ['Wholesale', 'Retail (no Wholesale price)']);
  assert.ok(await page.$eval('.line-level.fallback', (e) => getComputedStyle(e).fontStyle === 'italic'), 'the fallback stands out');

  await page.keyboard.press('F3');
  await waitText(page, '[data-testid="total-due"]', '₦1,360.00');
  assert.is(await switchValue(page), 'Distributor');
  assert.equal(await lineLevels(page), ['Distributor', 'Retail (no Distributor price)']);
  await page.keyboard.down('Shift');
  await page.keyboard.press('F3');
  await page.keyboard.up('Shift');
  await waitText(page, '[data-testid="total-due"]', '₦1,400.00');
  assert.is(await switchValue(page), 'Wholesale (from 12)');
  await waitBasket(page, ['IndomieWholesale × 2', 'MiloRetail (no Wholesale price) × 1']);

  await page.keyboard.press('F9');
  await page.keyboard.type('1400');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice"]');
  const receipt = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  for (const text of ['Price level: Wholesale', '2 × ₦200.00', 'Retail (no Wholesale price)', '1 × ₦1,000.00', '₦1,400.00']) assert.ok(receipt.includes(text), `${text} in ${receipt}`);
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  assert.equal(errors, []);
  await page.close();
});

test("sale form: the customer's default level, F3 through the levels with the price following, the invoice names the level", async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-levels-form' }), '/sales/new', [
    ...SEED,
    ['config-set', { invoiceType: 2 }],
    ['client-create', { kind: 'customer', name: 'Ada Traders', phone_number: '08030000001', defaultLevel: 'distributor' }],
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('#price-level');
  assert.is(await switchValue(page), 'Retail');
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Ada', 'Ada Traders');
  await page.waitForFunction(() => (document.querySelector('#price-level') as HTMLSelectElement).value === 'distributor');

  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Indomie', 'Indomie');
  const price = () => page.$eval('[data-testid="sale-row-0"] input[name="price"]', (e) => (e as HTMLInputElement).value);
  await page.waitForFunction(() => (document.querySelector('[data-testid="sale-row-0"] input[name="price"]') as HTMLInputElement)?.value === '180');
  assert.equal(await lineLevels(page), ['Distributor']);
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="quantity"]' }, '2');

  // F3 from the quantity field: Distributor → Retail → Wholesale, the price following each time.
  await page.focus('[data-testid="sale-row-0"] input[name="quantity"]');
  await page.keyboard.press('F3');
  await page.waitForFunction(() => (document.querySelector('#price-level') as HTMLSelectElement).value === '');
  assert.is(await price(), '220');
  assert.equal(await lineLevels(page), []);
  await page.keyboard.press('F3');
  await page.waitForFunction(() => (document.querySelector('#price-level') as HTMLSelectElement).value === 'wholesale');
  assert.is(await price(), '200');
  assert.equal(await lineLevels(page), ['Wholesale']);
  await waitText(page, '[data-testid="form-total-due"]', '₦400.00');

  // The switch itself is a keyboard control with a visible focus ring.
  await page.focus('#price-level');
  const ring = await page.$eval('#price-level', (e) => getComputedStyle(e).outlineStyle);
  assert.is.not(ring, 'none');

  await fill(page, { selector: 'input[name="amount_paid"]' }, '400');
  await page.click('button[type="submit"]');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice-level"]');
  assert.is(await page.$eval('[data-testid="invoice-level"]', (e) => e.textContent), 'Price level: Wholesale');
  const invoice = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  assert.ok(invoice.includes('₦200.00') && invoice.includes('₦400.00'), invoice);
  assert.equal(errors, []);
  await page.close();
});

test('settings: the owner adds, renames and removes levels from the keyboard; refusals are shown; the sale screens follow', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-levels-settings' }), '/settings');
  const errors = watchErrors(page);
  const editor = '[data-testid="setting-priceLevels"]';
  await page.waitForSelector(`${editor} input[aria-label="New price level name"]`);
  const names = () => page.$$eval(`${editor} li input[aria-label$="name"]`, (els) => els.map((e) => (e as HTMLInputElement).value));
  const add = async (name: string, min: string) => {
    await page.focus(`${editor} input[aria-label="New price level name"]`);
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(min);
    await page.keyboard.press('Enter');
  };
  await add('Wholesale', '12');
  await page.waitForFunction((s) => document.querySelectorAll(`${s} li`).length === 1, {}, editor);
  assert.equal(await names(), ['Wholesale']);
  assert.is(await page.$eval(`${editor} input[aria-label="Level 1 minimum quantity"]`, (e) => (e as HTMLInputElement).value), '12');
  await add('Distributor', '');
  await page.waitForFunction((s) => document.querySelectorAll(`${s} li`).length === 2, {}, editor);

  // Refused: a name listed twice, a minimum that is not a whole number; nothing changes.
  await add('wholesale', '');
  await waitText(page, `${editor} [role="alert"]`, 'Price levels: "wholesale" is listed twice');
  await page.focus(`${editor} input[aria-label="New price level name"]`);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await add('Trade', '2.5');
  await waitText(page, `${editor} [role="alert"]`, 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty');
  assert.equal(await names(), ['Wholesale', 'Distributor']);

  // Rename in place (Enter saves); the id stays, so the level keeps its prices.
  await page.focus(`${editor} input[aria-label="Level 2 name"]`);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type('Dealer');
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => !document.querySelector(`${s} [role="alert"]`), {}, editor);
  await openAs(page, env.server.url, testUser(0, { business: 'biz-levels-settings' }), '/sales/quick');
  await page.waitForSelector('#price-level');
  const options = await page.$$eval('#price-level option', (els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent]));
  assert.equal(options, [
    ['', 'Retail'],
    ['wholesale', 'Wholesale (from 12)'],
    ['distributor', 'Dealer'],
  ]);
  assert.equal(errors, []);
  await page.close();
});

test.run();
