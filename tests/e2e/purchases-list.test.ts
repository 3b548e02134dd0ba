/** /purchases ('Bought') in Chromium: rows per bought line, summary, links, date range, empty text. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser, createItem, RICE_BAG } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
const OWNER = testUser(0);
let firstId = '';

test.before(async () => {
  env = await setup();
  const page = await env.browser.newPage();
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const [, rice, oil, supplier] = (await seedPage(page, OWNER, [
    ['config-set', { showActor: true, truckNumber: 'both' }],
    createItem(RICE_BAG),
    ['item-create', { name: 'Palm oil', price: 9000, purchasePrice: 7000 }],
    ['client-create', { kind: 'supplier', name: 'Alaba Traders', phone_number: '08030000000' }],
  ]));
  const now = Date.now();
  const [p1] = (await seedPage(page, OWNER, [
    [
      'purchase-create',
      {
        supplier: { name: 'Alaba Traders', phone_number: '0803', account_ref: supplier._id },
        invoice_number: 'L-1',
        date: now,
        truck_number: 'LND 9',
        amount_paid: 111000,
        items: [
          { id: rice.id, name: 'Rice 50kg', quantity: 2, price: 52000 },
          { id: oil.id, name: 'Palm oil', quantity: 1, price: 7000 },
        ],
      },
    ],
    ['purchase-create', { supplier: { name: 'Walk-in Supplier' }, invoice_number: 'L-2', date: now, amount_paid: 7000, items: [{ id: oil.id, name: 'Palm oil', quantity: 1, price: 7000 }] }],
  ]));
  firstId = p1.id;
  await page.close();
});
test.after(async () => {
  await env?.teardown();
});

test('one row per bought line with the spec columns, summary of items and total, links to the detail', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await openAs(page, env.server.url, OWNER, '/purchases');
  await page.waitForFunction(() => document.querySelectorAll('.data-table tbody tr[data-index]').length === 3);
  const heads = await page.$$eval('.data-table thead th', (ths) => ths.map((th) => th.textContent?.trim()));
  for (const h of ['S/N', 'Invoice ID', 'Date', 'Supplier', 'Phone number', 'Description', 'Quantity', 'Price', 'Total', 'Truck number', 'User']) {
    assert.ok(heads.some((x) => x?.startsWith(h)), `column ${h} in ${heads.join('|')}`);
  }
  const rows = await page.$$eval('.data-table tbody tr[data-index]', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
  const descriptions = rows.map((r) => r[5]).sort();
  assert.equal(descriptions, ['Palm oil', 'Palm oil', 'Rice 50kg']);
  assert.is(await page.$eval('[data-testid="items-purchased"]', (e) => e.textContent), '4');
  assert.is(await page.$eval('[data-testid="total-purchases"]', (e) => e.textContent), '₦118,000.00');
  const supplierLink = await page.$eval('.data-table a[href^="/supplier/"]', (a) => a.textContent);
  assert.is(supplierLink, 'Alaba Traders');
  await page.click(`.data-table a[href="/purchases/invoice/${firstId}"]`);
  await waitForPath(page, `/purchases/invoice/${firstId}`);
  assert.equal(errors, []);
  await page.close();
});

test('a range without purchases shows "You are yet to make any purchase."', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, OWNER, '/purchases');
  await page.waitForSelector('.data-table tbody tr[data-index]');
  await page.click('.date-range-button');
  await page.waitForSelector('[data-testid="date-range-dialog"] input[type="date"]');
  const inputs = await page.$$('[data-testid="date-range-dialog"] input[type="date"]');
  for (const [i, value] of ['2001-01-01', '2001-01-31'].entries()) {
    await inputs[i].evaluate((el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }
  await page.click('[data-testid="date-range-dialog"] ::-p-text(Apply)');
  await page.waitForSelector('[data-testid="table-empty"]');
  assert.is(await page.$eval('[data-testid="table-empty"]', (e) => e.textContent), 'You are yet to make any purchase.');
  assert.is(await page.$eval('[data-testid="items-purchased"]', (e) => e.textContent), '0');
  await page.close();
});

test.run();
