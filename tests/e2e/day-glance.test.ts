/**
 * The day at a glance on /cashbook in Chromium: a shop owner signs in and sees today's sales, cash in and out,
 * the balances, gross profit, the best sellers, a debtor over 30 days, an item low in stock and the 30-day
 * chart (drawn by the lazily loaded chart library); a sale made meanwhile shows up without a reload.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { loginThroughScreen } from './signin-steps';
import { text } from './store-helpers';
import { signedInUser } from '../support/driver';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const DAY = 86_400_000;

test("the cashbook shows the day's figures, the best sellers, debtors, low stock and the sales chart", async () => {
  const a = await registerBusiness(env.server, { name: 'Glance Shop', owner: 'Ada Glance' });
  const page = await env.browser.newPage();
  // What the chart draws on its canvas, to read its axis labels.
  await page.evaluateOnNewDocument(() => {
    const drawn: string[] = ((window as unknown as { __drawn: string[] }).__drawn = []);
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, max?: number) {
      drawn.push(String(text));
      return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
    };
  });
  const chunks: string[] = [];
  page.on('response', (r) => chunks.push(new URL(r.url()).pathname));
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="glance-sales"]');
  assert.is(await text(page, '[data-testid="glance-sales"]'), '₦0.00');

  const user = await signedInUser(page);
  const [bola, rice, beans] = await seedPage(page, user, [
    ['client-create', { kind: 'customer', name: 'Bola Ade' }],
    ['item-create', { name: 'Rice', price: 1500, purchasePrice: 1000, quantity: 10, reorderLevel: 9 }],
    ['item-create', { name: 'Beans', price: 800, purchasePrice: 600, quantity: 20 }],
  ]);
  const walkIn = { with_account: false, name: 'Walk-in' };
  await seedPage(page, user, [
    // 40 days ago, on credit: a debt over 30 days.
    ['sale-create', { customer: { with_account: true, name: 'Bola Ade', account_ref: bola._id }, items: [{ id: beans.id, name: 'Beans', price: 800, quantity: 1 }], amount_paid: 0, confirmDebt: true, date: Date.now() - 40 * DAY }],
    ['sale-create', { customer: walkIn, items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 2 }], amount_paid: 3000 }],
    ['sale-create', { customer: walkIn, items: [{ id: beans.id, name: 'Beans', price: 800, quantity: 1 }], amount_paid: 800 }],
    ['expense-create', { amount: 200, source: 'cash', description: 'Nylon bags' }],
  ]);

  await page.waitForFunction(() => document.querySelector('[data-testid="glance-sales"]')?.textContent === '₦3,800.00', { polling: 'mutation' });
  const figures = await page.$$eval('.glance-figure', (els) => els.map((e) => [...e.children].map((c) => c.textContent).join('|')));
  assert.equal(figures, [
    "Today's sales|₦3,800.00|2 sales",
    'Cash in today|₦3,800.00',
    'Cash out today|₦200.00',
    'Cash balance|₦3,600.00',
    'Bank balance|₦0.00',
    // The owner sees profits (the setting's default is the admin level): 2 × (1,500 − 1,000) + (800 − 600).
    'Gross profit today|₦1,200.00',
  ]);
  assert.equal(await page.$$eval('[data-testid="glance-top"] li', (lis) => lis.map((li) => li.textContent)), ['Rice × 2 ₦3,000.00', 'Beans × 1 ₦800.00']);
  assert.is(await text(page, '[data-testid="glance-debtors"]'), '1 customer owes ₦800.00');
  assert.is(await text(page, '[data-testid="glance-low-count"]'), '1');
  assert.equal(await page.$$eval('[data-testid="glance-low"] li', (lis) => lis.map((li) => li.textContent)), ['Rice: 8 of 9']);

  // The chart: drawn on a canvas by the chart library, its figures in a table for screen readers.
  await page.waitForSelector('[data-testid="glance-chart"] [data-drawn="true"] canvas');
  assert.ok(chunks.some((p) => /\/chunks\/uPlot[^/]*\.js$/.test(p)), 'the chart library arrived in its own chunk');
  const chart = await page.$$eval('[data-testid="glance-chart-data"] td', (tds) => tds.map((td) => td.textContent));
  assert.is(chart.length, 30);
  assert.is(chart[29], '₦3,800.00');
  assert.ok(chart.slice(0, 29).every((t) => t === '₦0.00'), 'the sale of 40 days ago is outside the chart');
  // Its day axis says dates as the tables do, DD/MM/YY (issue 27, item 10: it said '11/24').
  const labels = await page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn.filter((t) => !t.startsWith('₦')));
  assert.ok(labels.length > 0 && labels.every((t) => /^\d\d\/\d\d\/\d\d$/.test(t)), labels.join(', '));

  // A sale made while the cashbook is open shows up without a reload.
  await seedPage(page, user, [['sale-create', { customer: walkIn, items: [{ id: beans.id, name: 'Beans', price: 800, quantity: 5 }], amount_paid: 4000 }]]);
  await page.waitForFunction(() => document.querySelector('[data-testid="glance-sales"]')?.textContent === '₦7,800.00', { polling: 'mutation' });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="glance-chart-data"] td')].pop()?.textContent === '₦7,800.00', { polling: 'mutation' });
  assert.equal(await page.$$eval('[data-testid="glance-top"] li', (lis) => lis.map((li) => li.textContent)), ['Beans × 6 ₦4,800.00', 'Rice × 2 ₦3,000.00']);
  assert.equal(errors, []);
  await page.close();
});

test.run();
