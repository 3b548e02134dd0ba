/**
 * The shared UI pieces every screen uses, on the test-only fixture page: confirm/alert dialogs (exact texts,
 * focus trapped, Escape cancels), a modal with fields and the red form error, money input parsing, the
 * date-range dialog's quick filters, and read-only mode hiding create buttons.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { serveTableDemo } from './fixtures/table-demo/serve';
import { launchBrowser, watchErrors } from './harness';

let server: Awaited<ReturnType<typeof serveTableDemo>>;
let browser: Browser;
let page: Page;
let errors: string[];

test.before(async () => {
  server = await serveTableDemo();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchErrors(page);
  await page.goto(`${server.url}/?count=10`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="demo-confirm"]');
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

const text = (sel: string) => page.$eval(sel, (e) => e.textContent);
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

test('confirm shows the exact texts, keeps focus inside, and Escape cancels into the alert', async () => {
  await page.click('[data-testid="demo-confirm"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  assert.is(await text('[data-testid="confirm-dialog"] h2'), 'Are you sure?');
  assert.is(await text('[data-testid="confirm-dialog"] p'), 'You might not be able to revert this!');
  assert.is(await focusedText(), 'Yes, delete it!');
  assert.is(await page.$eval('[data-testid="confirm-dialog"]', (e) => e.getAttribute('role')), 'alertdialog');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    // Tabbing past the last button lands on floating-ui's focus guard, which moves focus back inside.
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'), { timeout: 2000 });
  }
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="alert-dialog"]');
  assert.is(await text('[data-testid="alert-dialog"] p'), 'Your data is safe');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="demo-answer"]')?.textContent === 'cancelled');
  assert.is(await page.$('[data-testid="alert-dialog"]'), null);
  // Focus returns to the button that opened the dialog.
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'demo-confirm');
});

test('the confirm button answers yes', async () => {
  await page.click('[data-testid="demo-confirm"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="demo-answer"]')?.textContent === 'confirmed');
});

test('a modal form shows the red error alert, and an invalid money entry becomes 0', async () => {
  await page.click('[data-testid="demo-modal"]');
  await page.waitForSelector('.modal [role="alert"]');
  assert.is(await text('.modal [role="alert"]'), 'You must set the warehouse location');
  assert.is(await page.$eval('.modal [role="alert"]', (e) => getComputedStyle(e).color), 'rgb(165, 14, 14)');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).id === document.querySelector('.modal label')?.getAttribute('for')), true);
  await page.keyboard.type('Main road');
  await page.waitForFunction(() => !document.querySelector('.modal [role="alert"]'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('1,250.50');
  await page.waitForFunction(() => document.querySelector('[data-testid="demo-money"]')?.textContent === '1250.5');
  await page.keyboard.type('x');
  await page.waitForFunction(() => document.querySelector('[data-testid="demo-money"]')?.textContent === '0');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.modal'));
});

test('the date-range dialog applies From/To and the quick filters', async () => {
  assert.is(await text('[data-testid="demo-range"]'), 'January 1, 2024 - January 31, 2024');
  await page.click('.date-range-button');
  await page.waitForSelector('[data-testid="date-range-dialog"]');
  const labels = await page.$$eval('[data-testid="date-range-dialog"] .quick-ranges button', (b) => b.map((e) => e.textContent));
  assert.equal(labels, ['Today', 'This week', 'This month']);
  // Typing into a date input depends on the browser's locale; set the value as a date picker would.
  await page.$$eval('[data-testid="date-range-dialog"] input[type="date"]', (inputs) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    ['2024-03-04', '2024-03-10'].forEach((v, i) => {
      setValue.call(inputs[i], v);
      inputs[i].dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
  const apply = (await page.$$('[data-testid="date-range-dialog"] .modal-footer button'))[1];
  await apply.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="demo-range"]')?.textContent === 'March 4, 2024 - March 10, 2024');
  await page.click('.date-range-button');
  await page.waitForSelector('[data-testid="date-range-dialog"]');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
  await page.click('[data-testid="date-range-dialog"] .quick-ranges button');
  await page.waitForFunction((t) => document.querySelector('[data-testid="demo-range"]')?.textContent === `${t} - ${t}`, {}, today);
});

test('read-only mode hides create buttons', async () => {
  assert.ok(await page.$('[data-testid="demo-create"]'));
  await page.evaluate(() => localStorage.setItem('oja:read-only', '1'));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="demo-confirm"]');
  assert.is(await page.$('[data-testid="demo-create"]'), null);
  assert.equal(errors, []);
});

test.run();
