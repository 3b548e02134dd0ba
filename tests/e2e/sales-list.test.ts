/** 'Sold' and 'Transportation Charges' on the shared data table: empty texts, one row per sold line, summary, profit. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const rows = (page: Page, testId: string) =>
  page.$$eval(`[data-testid="${testId}"] tbody tr[data-index]`, (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));

test('empty lists say so in the spec\'s words', async () => {
  const page = await env.browser.newPage();
  const user = testUser(0, { business: 'biz-empty' });
  await openAs(page, env.server.url, user, '/sales', [['config-set', { trackTransport: true }]]);
  await page.waitForSelector('[data-testid="table-empty"]');
  assert.is(await page.$eval('[data-testid="table-empty"]', (e) => e.textContent), 'You are yet to make any sale.');
  await page.goto(env.server.url + '/transportation', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="transport-table"] [data-testid="table-empty"]');
  assert.is(await page.$eval('[data-testid="table-empty"]', (e) => e.textContent), 'Epty');
  await page.close();
});

test('one row per sold line with the summary and, for the admin, profit columns; transport rows', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const admin = testUser(0, { business: 'biz-list' });
  await openAs(page, env.server.url, null, '/not-found');
  const [, rice, beans] = await seedPage(page, admin, [['config-set', { trackTransport: true }], item('Rice', 1000, 10), item('Beans', 500, 10)]);
  const customer = { with_account: false, name: 'Walk-in' };
  const [sale] = (await seedPage(page, admin, [
    ['sale-create', { customer, items: [{ id: rice.id, name: 'Rice', price: 1000, quantity: 2 }, { id: beans.id, name: 'Beans', price: 500, quantity: 1 }], amount_paid: 2500 }],
    ['sale-create', { customer, items: [{ id: beans.id, name: 'Beans', price: 500, quantity: 3 }], amount_paid: 1500, transport: { total: 900, paid: 400, advancePayer: 'Business', balancePayer: 'Customer' } }],
  ]));
  await openAs(page, env.server.url, admin, '/sales', []);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sales-table"] tbody tr[data-index]').length === 3);
  const heads = await page.$$eval('[data-testid="sales-table"] thead th', (ths) => ths.map((t) => t.textContent?.replace(/[▲▼↑↓\s]+$/, '')));
  for (const h of ['S/N', 'Invoice ID', 'Date', 'Customer', 'Phone number', 'Description', 'Quantity', 'Sales price', 'Total', 'Average cost price', 'Margin %', 'Total profit']) {
    assert.ok(heads.some((x) => x?.startsWith(h)), h);
  }
  const table = await rows(page, 'sales-table');
  assert.ok(table.some((r) => r.includes(sale.invoice_number) && r.includes('Rice') && r.includes('₦2,000.00')), JSON.stringify(table));
  const summary = await page.$eval('[data-testid="sales-summary"]', (e) => e.textContent ?? '');
  assert.ok(summary.includes('6') && summary.includes('₦4,000.00'), summary);
  // cost prices are 80 % of the price: profit 20 % of 4,000
  assert.ok(summary.includes('₦800.00'), summary);

  // In-app navigation (the menu's way): the worker stays, no second connection races the first.
  await page.evaluate(() => {
    history.pushState(null, '', '/transportation');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="transport-table"] tbody tr[data-index]').length === 1);
  const [row] = await rows(page, 'transport-table');
  for (const t of ['Sale of Beans', 'Walk-in', '₦400.00', 'Business', '₦500.00', 'Customer', '₦900.00']) assert.ok(row.includes(t), `${t} in ${row.join('|')}`);
  assert.equal(errors, []);

  // A sales agent sees no profit (profits setting: admin only by default).
  await openAs(page, env.server.url, testUser(3, { business: 'biz-list' }), '/sales');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sales-table"] tbody tr[data-index]').length === 3);
  const agentHeads = await page.$$eval('[data-testid="sales-table"] thead th', (ths) => ths.map((t) => t.textContent ?? ''));
  assert.not.ok(agentHeads.some((h) => h.includes('profit')));
  await page.close();
});

test.run();
