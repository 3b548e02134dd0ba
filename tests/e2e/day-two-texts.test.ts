/**
 * Issue 27, item 10 (what a shop owner read wrong on the second day), each as a person sees it in Chromium:
 * Escape in the payment dialog's customer picker closes the list, not the dialog; a payment to a supplier's
 * receipt says 'Paid to' and 'Paid by'; printed pages are white below the content; 'New variation group' opens
 * a dialog of that name; the walk-in SMS setting says what happens without a phone number.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { item, testUser } from '../support/fixtures';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('Escape in the payment dialog closes the customer list first, then the dialog', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-esc' }), '/cashbook', [['client-create', { kind: 'customer', name: 'Bola Ade' }]]);
  await page.waitForSelector('[data-testid="customer-payment"]');
  await page.click('[data-testid="customer-payment"]');
  await page.waitForSelector('[data-testid="payment-dialog"]');
  await page.focus('[data-testid="payment-client"] input');
  await page.keyboard.type('Bo');
  await page.waitForSelector('[data-testid="payment-dialog"] .picker-list');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="payment-dialog"] .picker-list'));
  assert.ok(await page.$('[data-testid="payment-dialog"]'), 'the payment dialog stays open');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="payment-dialog"]'));
  await page.close();
});

test("a payment to a supplier: 'Paid to' and 'Paid by' on its receipt; printed on white", async () => {
  const page = await env.browser.newPage();
  const user = testUser(0, { business: 'biz-paid', fullname: 'Ada Cashier' });
  const [supplier] = await openAs(page, env.server.url, user, '/not-found', [['client-create', { kind: 'supplier', name: 'Kano Mills' }]]);
  const [payment] = await openAs(page, env.server.url, user, '/not-found', [
    ['payment-create', { kind: 'supplier', client: supplier._id, factor: 1, amount: 20000, medium: 'cash' }],
  ]);
  await page.goto(`${env.server.url}/payment/invoice/${payment.id}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="receipt-client"]');
  const heads = await page.$$eval('[data-testid="receipt"] th', (ths) => ths.map((t) => t.textContent));
  assert.ok(heads.includes('Paid to') && heads.includes('Paid by'), heads.join(', '));
  assert.not.ok(heads.includes('Received by'));
  // In print the page is white: the screen's grey showed as a band below the content.
  await page.emulateMediaType('print');
  const backgrounds = await page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]);
  assert.ok(backgrounds.every((c) => c === 'rgb(255, 255, 255)' || c === 'rgba(0, 0, 0, 0)') && backgrounds[0] === 'rgb(255, 255, 255)', backgrounds.join(', '));
  await page.close();
});

test("'New variation group' opens a dialog of that name; the walk-in SMS setting says the sale needs a phone", async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-names' });
  await openAs(page, env.server.url, user, '/store', [['config-set', { useVariation: true, variationFields: ['Colour'] }]]);
  const [button] = await page.waitForSelector('xpath/.//button[normalize-space()="New variation group"]').then((b) => [b!]);
  await button.click();
  await page.waitForSelector('[data-testid="category-modal"]');
  assert.is(await page.$eval('[data-testid="category-modal"] .modal-title', (e) => e.textContent), 'New variation group');
  await openAs(page, env.server.url, user, '/settings');
  await page.waitForFunction(() => document.body.textContent?.includes('SMS after a walk-in sale'));
  const body = await page.evaluate(() => document.body.textContent ?? '');
  assert.not.ok(body.includes('when a phone number is given'));
  assert.ok(body.includes("A walk-in sale then needs the customer's phone number: without one the sale is not saved"));
  await page.close();
});

test('a statement range from 1907 or to 3026 is refused as the forms refuse such dates', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-range' }), '/cashbook');
  await page.waitForSelector('.date-range-button');
  const set = async (values: string[]) => {
    const inputs = await page.$$('[data-testid="date-range-dialog"] input[type="date"]');
    for (const [i, value] of values.entries()) {
      await inputs[i].evaluate((el, v) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    }
    await page.click('[data-testid="date-range-dialog"] ::-p-text(Apply)');
  };
  await page.click('.date-range-button');
  await page.waitForSelector('[data-testid="date-range-dialog"] input[type="date"]');
  await set(['1907-03-03', '2026-01-31']);
  await page.waitForFunction(() => document.querySelector('[data-testid="date-range-dialog"] [role="alert"]')?.textContent?.includes('From March 3, 1907 cannot be right'));
  await set(['2026-01-01', '3026-01-31']);
  await page.waitForFunction(() => document.querySelector('[data-testid="date-range-dialog"] [role="alert"]')?.textContent?.includes('To January 31, 3026 cannot be right'));
  assert.ok(await page.$('[data-testid="date-range-dialog"]'), 'the dialog stays open to correct the dates');
  await page.close();
});

test('the VAT refusal goes once the value is corrected', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-vat' }), '/settings', [['config-set', { useVat: true, vatPercentage: 7.5 }]]);
  const input = '[data-testid="setting-vatPercentage"] input';
  await page.waitForSelector(input);
  const typeValue = async (v: string) => {
    await page.click(input, { clickCount: 3 });
    await page.keyboard.type(v);
    await page.keyboard.press('Enter');
  };
  await typeValue('150');
  await page.waitForFunction(() => document.querySelector('[data-testid="setting-vatPercentage"] [role="alert"]')?.textContent === 'VAT percentage must be between 0 and 100');
  await typeValue('7.5');
  await page.waitForFunction(() => !document.querySelector('[data-testid="setting-vatPercentage"] [role="alert"]'));
  assert.is(await page.$eval(input, (e) => e.getAttribute('aria-invalid')), null);
  await page.close();
});

test("seven letters typed under 30 ms each, then Enter on the results: the item is added, no 'Not found!'", async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-typist' }), '/sales/quick', [item('Indomie chicken 70g', 250, 40)]);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('#quick-results .tile');
  await page.evaluate(() => {
    addEventListener('keydown', (e) => ((window as unknown as { __lastKey: number }).__lastKey = e.timeStamp), true);
  });
  await page.keyboard.type('indomie', { delay: 5 });
  // A person reads the results before Enter (a reaction takes well over 150 ms, measured on the page's own
  // clock from the last letter); a scanner's Enter follows its last key within milliseconds.
  await page.waitForFunction(() => document.getElementById('quick-results')?.getAttribute('data-query') === 'indomie');
  await page.waitForFunction(() => performance.now() - (window as unknown as { __lastKey: number }).__lastKey > 150);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.basket-line');
  assert.is(await page.$eval('.basket-line .basket-name', (e) => e.textContent), 'Indomie chicken 70g');
  assert.is(await page.$('[role="dialog"] .modal-title, [role="alertdialog"] .modal-title'), null);
  await page.close();
});

test.run();
