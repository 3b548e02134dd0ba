/**
 * A stocktake in the browser, by keyboard (issue 30): start a count of the Main store, scan Rice's barcode
 * (its Enter counts one), type Rice with a quantity, type Beans with a quantity; a sale of 2 Rice is made while
 * counting (before Rice is counted), so Rice's expected is 8 and not a loss; review the variance, print it
 * landscape, post it with Enter, and the store's balances follow: Rice 10 − 2 sold − 1 missing = 7, Beans 5.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { item, testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { drive, startDriver } from '../support/driver';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const owner = testUser(0, { business: 'biz-stocktake', fullname: 'Ada Owner' });

const cells = (page: Page, testId: string) =>
  page.$$eval(`[data-testid="${testId}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

async function count(page: Page, code: string, quantity?: string): Promise<string> {
  const before = await page.$eval('[data-testid="stocktake-last"]', (e) => e.textContent ?? '');
  await page.keyboard.type(code);
  if (quantity !== undefined) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(quantity);
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction((was) => document.querySelector('[data-testid="stocktake-last"]')?.textContent !== was, {}, before);
  // Back on the code for the next item.
  assert.is(await page.evaluate(() => document.activeElement?.id), 'stocktake-code');
  return page.$eval('[data-testid="stocktake-last"]', (e) => e.textContent ?? '');
}

test('count by keyboard through to posting; a sale while counting is not a loss', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  const [rice] = await openAs(page, env.server.url, owner, '/store/stocktake', [item('Rice', 1250, 10, { barcode: '6001' }), item('Beans', 800, 5)]);
  await page.waitForSelector('[data-testid="stocktake-begin"]');
  assert.match(await page.$eval('[data-testid="stocktake-screen"]', (e) => e.textContent ?? ''), /No stocktake yet/);
  // Keyboard: from the category (every item) to Start count, Enter.
  await page.focus('select[name="stocktake-category"]');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid), 'stocktake-begin');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/store/stocktake/stk-'));
  await page.waitForSelector('#stocktake-code');
  await page.waitForFunction(() => document.activeElement?.id === 'stocktake-code');

  // Sold while counting, before Rice is counted.
  await startDriver(page, owner);
  await drive(page, 'sale-create', { customer: { with_account: false, name: 'Walk-in customer' }, items: [{ id: rice.id, name: 'Rice', price: 1250, quantity: 2 }], amount_paid: 2500 });

  assert.is(await count(page, '6001'), 'Rice: +1, 1 counted on this device');
  assert.is(await count(page, 'Rice', '6'), 'Rice: +6, 7 counted on this device');
  assert.is(await count(page, 'Beans', '5'), 'Beans: +5, 5 counted on this device');
  // An unknown code says so and keeps focus for another try.
  await page.keyboard.type('nothing-here');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent === 'No item matches nothing-here');
  await page.keyboard.press('Backspace'); // the code is selected: one key clears it

  // The count sheet: every item, expected at the start and counted so far.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="stocktake-sheet"] tbody tr')].some((tr) => tr.textContent?.includes('Rice') && tr.textContent.includes('7')));
  assert.equal(await cells(page, 'stocktake-sheet'), [
    ['1', 'Beans', '5', '5'],
    ['2', 'Rice', '10', '7'],
  ]);
  // The variance, by keyboard: Rice expected 8 (10 − 2 sold), counted 7: −1, −₦1,000.00 at cost.
  await page.focus('[data-testid="tab-sheet"]');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // Both counted lines: the virtual list may paint its first row before the second.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="stocktake-variance"] tbody tr td:first-child').length === 2);
  assert.equal(await cells(page, 'stocktake-variance'), [
    ['1', 'Beans', '5', '0', '5', '5', '0', '₦640.00', '₦0.00'],
    ['2', 'Rice', '10', '-2', '8', '7', '-1', '₦1,000.00', '-₦1,000.00'],
  ]);
  assert.match(await page.$eval('[data-testid="stocktake-net"]', (e) => e.textContent ?? ''), /-₦1,000\.00/);

  // The variance report prints landscape.
  await page.evaluate(() => {
    const w = window as unknown as { print: () => void; printed?: { rows: number; landscape: boolean; title: string } };
    w.print = () => {
      w.printed = {
        rows: document.querySelectorAll('[data-testid="print-root"] tbody tr').length,
        landscape: [...document.querySelectorAll('[data-testid="print-root"] style')].some((s) => /size:\s*landscape/.test(s.textContent ?? '')),
        title: document.querySelector('[data-testid="print-root"] [data-testid="print-title"]')?.textContent ?? '',
      };
    };
  });
  await page.click('[data-testid="stocktake-variance"] [data-testid="table-print"]');
  await page.waitForFunction(() => 'printed' in window);
  const printed = (await page.evaluate(() => (window as unknown as { printed: { rows: number; landscape: boolean; title: string } }).printed)) as { rows: number; landscape: boolean; title: string };
  assert.equal(printed, { rows: 2, landscape: true, title: 'Variance report: Main store' });

  // Post: Tab to the button, Enter, Enter on the confirmation (focus starts on its button).
  await page.focus('[data-testid="tab-variance"]');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid), 'stocktake-post');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="alertdialog"]');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Post');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Posted/.test(document.querySelector('[data-testid="stocktake-status"]')?.textContent ?? ''));
  assert.is(await page.$('#stocktake-code'), null, 'no more counting once posted');
  const balances = await drive(page, 'item-search', { query: '' });
  assert.equal(balances.rows.map((r) => [r.name, r.balance]).sort(), [['Beans', 5], ['Rice', 7]]);
  assert.equal(errors, []);
  await page.close();
});

test.run();
