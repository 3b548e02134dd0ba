/**
 * The purchase form on day one (issue 17): the missing-supplier message goes once a supplier is created from
 * the form; an expiry before the purchase date is said on the field and refused by Buy, saving nothing; a
 * line's Total carries the currency sign.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import dayjs from 'dayjs';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { testUser, item, SUPPLIER } from '../support/fixtures';
import { pick } from './sales-helpers';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const FORM = '[data-testid="purchase-form"]';
const alertText = (page: Page) => page.$eval(FORM, (f) => f.querySelector('.alert-error')?.textContent ?? '');

/** Creates a supplier through the picker's 'New supplier…' and its dialog. */
async function createSupplier(page: Page, name: string): Promise<void> {
  await pick(page, '[data-testid="supplier-picker"] input', name, 'New supplier');
  await page.waitForSelector('[data-testid="new-supplier"] input[name="name"]');
  await page.type('[data-testid="new-supplier"] input[name="phone_number"]', '08031112222');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="new-supplier"]'));
}

test('the missing-supplier message goes once a supplier is created from the form', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-buy-new-supplier' }), '/purchases/new', [item('Rice 50kg', 60000, 1)]);
  await page.waitForSelector(FORM);
  await page.click(`${FORM} button[type="submit"]`);
  await page.waitForFunction((f) => document.querySelector(`${f} .alert-error`)?.textContent === 'You must select the supplier you are buying from', {}, FORM);
  await createSupplier(page, 'Kano Mills');
  assert.is(await page.$eval('[data-testid="supplier-picker"] input', (e) => (e as HTMLInputElement).value), 'Kano Mills');
  await page.waitForFunction((f) => !document.querySelector(`${f} .alert-error`), {}, FORM);
  assert.is(await alertText(page), '');
  await page.close();
});

test('an expiry before the purchase date is said on the field and refused by Buy; the line Total is in ₦', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-buy-expiry' });
  const [, milk] = await openAs(page, env.server.url, user, '/purchases/new', [
    ['config-set', { trackExpiry: true }],
    item('Peak Milk 400g', 2500, 0),
    ['client-create', { kind: 'supplier', ...SUPPLIER }],
  ]);
  await page.waitForSelector(FORM);
  await pick(page, '[data-testid="supplier-picker"] input', 'alab', 'Alaba Traders');
  await pick(page, '[data-testid="item-row-0"] [data-testid="item-picker"]', 'Peak', 'Peak Milk 400g');
  await page.waitForFunction(() => (document.querySelector('[data-testid="item-row-0"] input[name="price"]') as HTMLInputElement | null)?.value === '2000');
  await fill(page, { selector: '[data-testid="item-row-0"] input[name="quantity"]' }, '4');
  await page.waitForFunction(() => document.querySelector('[data-testid="item-row-0"] [data-testid="line-total"]')?.textContent === '₦8,000.00');

  // Bought today, expiring a month ago, typed digit by digit (the year passes through 0002, 0020, 0202): the
  // field keeps the year as typed and says at once that it is before the purchase date.
  // The purchase date is the form's own (today when it opened), read rather than taken from the clock again: a run
  // crossing midnight would otherwise expect another day than the one the form and the worker say.
  const bought = dayjs(await page.$eval(`${FORM} input[name="date"]`, (i) => (i as HTMLInputElement).value));
  const expiry = bought.subtract(1, 'month');
  await page.focus('[data-testid="item-row-0"] input[name="expiry_date"]');
  await page.keyboard.type(expiry.format('MMDDYYYY'));
  const said = `The expiry date of Peak Milk 400g (${expiry.format('MMMM D, YYYY')}) cannot be before the purchase date (${bought.format('MMMM D, YYYY')})`;
  await page.waitForFunction((t) => document.querySelector('[data-testid="item-row-0"] .field-error')?.textContent === t, {}, said);

  // Buy: the worker refuses it in the same words and nothing is saved.
  await page.type(`${FORM} input[name="invoice_number"]`, 'INV-1');
  await fill(page, { selector: `${FORM} input[name="amount_paid"]` }, '8000');
  await page.click(`${FORM} button[type="submit"]`);
  await page.waitForFunction((f, t) => document.querySelector(`${f} .alert-error`)?.textContent === t, {}, FORM, said);
  const [stock] = await seedPage(page, user, [['item-get', { id: milk.id }]]);
  assert.is(stock!.balance, 0, 'nothing was bought');
  await page.close();
});

test.run();
