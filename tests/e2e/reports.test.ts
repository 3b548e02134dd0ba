/**
 * /reports in Chromium: the owner opens Reports from the menu, picks the profit and loss and today's range with
 * the keyboard alone, and reads its totals (a deleted sale counts nowhere, a customer return lowers sales and
 * cost); the chart is drawn by the chart library from its own chunk; the report prints and exports. A level 3
 * user has no Reports entry and /reports is not found for them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const walkIn = { with_account: false, name: 'Walk-in' };

const totals = (page: Page) => page.$$eval('[data-testid="report-summary"] .report-total', (els) => els.map((e) => `${e.querySelector('dt')?.textContent}: ${e.querySelector('dd')?.textContent}`));

test('the owner picks the profit and loss and today by keyboard and reads its totals', async () => {
  const page = await env.browser.newPage();
  const chunks: string[] = [];
  page.on('response', (r) => chunks.push(new URL(r.url()).pathname));
  const owner = testUser(0, { business: 'biz-reports' });
  const [, rice, beans] = await openAs(page, env.server.url, owner, '/cashbook', [
    ['config-set', { deletePolicy: 'all' }],
    ['item-create', { name: 'Rice', price: 1500, purchasePrice: 1000, quantity: 10 }],
    ['item-create', { name: 'Beans', price: 800, purchasePrice: 600, quantity: 20 }],
  ]);
  const errors = watchErrors(page);
  const sales = await openAs(page, env.server.url, owner, '/cashbook', [
    ['sale-create', { customer: walkIn, items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 2 }], amount_paid: 3000 }],
    ['sale-create', { customer: walkIn, items: [{ id: beans.id, name: 'Beans', price: 800, quantity: 1 }], amount_paid: 800 }],
    ['sale-create', { customer: walkIn, items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 4 }], amount_paid: 6000 }],
    ['expense-create', { amount: 200, source: 'cash', description: 'Nylon bags', category: 'Other' }],
    ['return-create', { kind: 'customer', item: beans.id, quantity: 1 }],
  ]);
  await openAs(page, env.server.url, owner, '/cashbook', [['sale-delete', { id: sales[2].id }]]);
  await page.waitForSelector('nav a[href="/reports"]');
  await page.click('nav a[href="/reports"]');
  await waitForPath(page, '/reports');
  await page.waitForSelector('[data-testid="report-select"]');

  // Keyboard only: the report by typing its name into the focused list, Tab to the range, type 'Today'.
  await page.focus('[data-testid="report-select"]');
  await page.keyboard.type('Profit and');
  await page.waitForFunction(() => (document.querySelector('[data-testid="report-select"]') as HTMLSelectElement).value === 'profit-loss');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'report-range');
  await page.keyboard.type('Today');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('range') === 'today');

  // Sales 3,800; the return gives 800 back and 600 of cost; the deleted sale of 6,000 counts nowhere.
  await page.waitForFunction(() => document.querySelector('[data-testid="report-summary"]')?.textContent?.includes('Net profit'), { polling: 'mutation' });
  assert.equal(await totals(page), ['Net sales: ₦3,000.00', 'Cost of goods sold: ₦2,000.00', 'Gross profit: ₦1,000.00', 'Expenses: ₦200.00', 'Net profit: ₦800.00']);
  const rows = await page.$$eval('[data-testid="report-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | ')));
  assert.equal(rows, [
    'Sales | Income | ₦3,800.00',
    'Discounts | Income | ₦0.00',
    'Customer returns | Income | -₦800.00',
    'Net sales | Income | ₦3,000.00',
    'Cost of goods sold | Cost of sales | -₦2,000.00',
    'Gross profit | Cost of sales | ₦1,000.00',
    'Other | Expenses | -₦200.00',
    'Total expenses | Expenses | -₦200.00',
    'Net profit | Result | ₦800.00',
  ]);
  await page.waitForSelector('[data-testid="report-chart"] [data-drawn="true"] canvas');
  assert.ok(chunks.some((p) => /\/chunks\/uPlot[^/]*\.js$/.test(p)), 'the chart library arrived in its own chunk');

  // Sales by item, still by keyboard: Shift+Tab back to the report list.
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  await page.keyboard.type('Sales by item');
  await page.waitForFunction(() => document.querySelector('[data-testid="report-table"] thead')?.textContent?.includes('Category'), { polling: 'mutation' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="report-table"] tbody tr').length === 2, { polling: 'mutation' });
  const items = await page.$$eval('[data-testid="report-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent).join(' | ')));
  assert.equal(items, ['Rice | Uncategorised', 'Beans | Uncategorised']);
  assert.ok((await totals(page)).includes('Net sales: ₦3,000.00'), (await totals(page)).join(', '));

  // Print: every row and a totals row in the print view.
  await page.click('[data-testid="report-table"] [data-testid="table-print"]');
  await page.waitForSelector('.print-root table');
  const printed = await page.$eval('.print-root', (e) => e.textContent ?? '');
  assert.ok(printed.includes('Sales by item') && printed.includes('Rice') && printed.includes('Total'), printed.slice(0, 300));
  assert.equal(errors, []);
  await page.close();
});

test('a sales agent has no Reports entry, and /reports is not found for them', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(3, { business: 'biz-reports-agent' }), '/reports');
  await page.waitForFunction(() => location.pathname === '/not-found' || document.body.textContent?.includes('not found'), { polling: 'mutation' });
  assert.is(await page.$('nav a[href="/reports"]'), null);
  await page.close();
});

test.run();
