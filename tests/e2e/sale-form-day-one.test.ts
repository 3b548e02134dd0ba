/**
 * The sale form on day one (issue 17): a message goes when its cause is fixed; the spec's 'There are only …'
 * message, never the browser's own bubble; the warehouse list names Main store once; a line's Total has the
 * currency sign; cash above the total due is change (the sale, the cash account and the customer's account
 * count the total due).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { testUser, item, createSupplier } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { pick } from './sales-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

/** Waits until the form's red alert reads `text` ('' = no alert). */
const waitAlert = (page: Page, text: string) =>
  page.waitForFunction((t) => (document.querySelector('.sale-form .alert-error')?.textContent ?? '') === t, {}, text);

test('messages leave when fixed; the spec text for too many, no native bubble; Main store once; Total in ₦', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-form-day-one' });
  const [, , , customer] = await openAs(page, env.server.url, user, '/sales/new', [
    ['config-set', { customerRequired: true, useWarehouse: true }],
    ['warehouse-create', { location: 'Ikeja depot' }],
    item('Mama Gold Rice 50kg', 61250, 30),
    ['client-create', { kind: 'customer', name: 'Ada Obi', phone_number: '08030000000' }],
  ]);
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Mama', 'Mama Gold Rice 50kg');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '30');
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="quantity"]' }, '50');
  assert.is(await page.$eval('[data-testid="line-total"]', (e) => e.textContent), '₦3,062,500.00');

  // No customer: the spec's message; choosing the customer takes it away.
  await page.click('button[type="submit"]');
  await waitAlert(page, 'You must select the customer you are selling to');
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Ada', 'Ada Obi');
  await waitAlert(page, '');

  // 50 of 30: the spec's message, and the quantity field is not held back by a native constraint.
  assert.ok(await page.$eval('.sale-form', (f) => (f as HTMLFormElement).checkValidity()));
  await page.click('button[type="submit"]');
  await waitAlert(page, 'There are only 30 Mama Gold Rice 50kg left, hence you cannot sell upto 50');
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="quantity"]' }, '30');
  await waitAlert(page, '');

  // Cash above the total due shows as change.
  await fill(page, { selector: 'input[name="amount_paid"]' }, '2000000');
  await page.waitForFunction(() => document.querySelector('[data-testid="form-change"]')?.textContent === '₦162,500.00');

  const stores = await page.$$eval('select option', (os) => os.filter((o) => o.textContent === 'Main store').length);
  assert.is(stores, 1);
  assert.ok(await page.$$eval('select option', (os) => os.some((o) => o.textContent === 'Ikeja depot')));

  // Sold: the sale records the total due as paid; the cash account and Ada's account count only that.
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="invoice"]');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const [view, cash, ada] = await seedPage(page, user, [
    ['sale-get', { id }],
    ['bank-get', { id: CASH_ACCOUNT }],
    ['client-statement', { account: customer._id, offset: 0, limit: 10, range: { from: 0, to: Date.now() + 86400000 } }],
  ]);
  assert.equal([view.sale.total_due, view.sale.amount_paid], [1837500, 1837500]);
  assert.is(cash!.balance, 1837500);
  assert.is(ada.closing, 0);
  await page.close();
});

test('an entry that is not an amount says it was read as 0; a date in 1907 is refused on the field', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-silent' }), '/sales/new', [item('Beans', 500, 10)]);
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Bea', 'Beans');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '10');
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="price"]' }, 'abc');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="read-as-zero"]')?.textContent === "'abc' is not an amount: read as 0");
  assert.is(await page.$eval('[data-testid="line-total"]', (e) => e.textContent), '₦0.00');
  // Still said after the field leaves (its text becomes 0); a real amount takes it away.
  await page.keyboard.press('Tab');
  assert.ok(await page.$('[data-testid="sale-row-0"] [data-testid="read-as-zero"]'));
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="price"]' }, '450');
  await page.waitForFunction(() => !document.querySelector('[data-testid="sale-row-0"] [data-testid="read-as-zero"]'));

  const date = await page.$('input[type="date"]');
  assert.ok(date);
  await date!.click();
  await page.keyboard.type('01051907');
  await page.waitForFunction(() => [...document.querySelectorAll('.field-error')].some((e) => e.textContent?.includes('January 5, 1907 cannot be right')));

  // The quick sale's amount paid says it too.
  await page.evaluate(() => {
    history.pushState(null, '', '/sales/quick');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForSelector('#quick-paid');
  await page.type('#quick-paid', 'abc');
  await page.waitForFunction(() => document.querySelector('.basket [data-testid="read-as-zero"]')?.textContent === "'abc' is not an amount: read as 0");
  await page.close();
});

test('purchases: the missing-supplier message leaves once a supplier is chosen', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-buy-msg' }), '/purchases/new', [
    item('Rice 50kg', 60000, 1),
    createSupplier(),
  ]);
  await page.waitForSelector('[data-testid="purchase-form"]');
  await page.click('[data-testid="purchase-form"] button[type="submit"]');
  const alert = () => page.$eval('[data-testid="purchase-form"]', (f) => f.querySelector('.alert-error')?.textContent ?? '');
  await page.waitForFunction(() => document.querySelector('[data-testid="purchase-form"] .alert-error')?.textContent === 'You must select the supplier you are buying from');
  await pick(page, '[data-testid="supplier-picker"] input', 'alab', 'Alaba Traders');
  await page.waitForFunction(() => !document.querySelector('[data-testid="purchase-form"] .alert-error'));
  assert.is(await alert(), '');
  await page.close();
});

test.run();
