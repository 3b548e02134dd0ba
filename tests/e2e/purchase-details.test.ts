/** /purchases/invoice/{id} in Chromium: the detail, edit (lines replaced), delete with the spec's dialogs, not-found. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { waitForPath, watchForText } from './helpers';
import { testUser, createItem, RICE_BAG } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
const OWNER = testUser(0);
let riceId = '';

test.before(async () => {
  env = await setup();
  const page = await env.browser.newPage();
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const [, rice] = (await seedPage(page, OWNER, [
    ['config-set', { deletePolicy: 'all', truckNumber: 'purchases', customPurchaseFields: ['Batch'] }],
    createItem(RICE_BAG),
  ]));
  riceId = rice.id;
  await page.close();
});
test.after(async () => {
  await env?.teardown();
});

async function buy(page: Page, invoice: string, quantity: number, itemId = riceId): Promise<string> {
  const [r] = (await seedPage(page, OWNER, [
    [
      'purchase-create',
      {
        supplier: { name: 'Alaba Traders', phone_number: '0803' },
        invoice_number: invoice,
        date: Date.now(),
        truck_number: 'LND 1',
        customFields: { Batch: 'B-7' },
        amount_paid: 1000,
        acceptDebt: true,
        items: [{ id: itemId, name: 'Rice 50kg', quantity, price: 52000 }],
      },
    ],
  ]));
  return r.id;
}

async function stock(page: Page): Promise<number | undefined> {
  const [r] = (await seedPage(page, OWNER, [['item-get', { id: riceId }]]));
  return r?.balance;
}

const text = (page: Page, sel: string) => page.$eval(sel, (e) => e.textContent);

test('the detail shows supplier, truck number, custom fields, items, totals and balance', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const id = await buy(page, 'D-1', 2);
  await openAs(page, env.server.url, OWNER, `/purchases/invoice/${id}`);
  await page.waitForSelector('[data-testid="purchase-details"]');
  const body = await text(page, '[data-testid="purchase-details"]');
  for (const part of ['Test shop', 'Alaba Traders', '0803', 'LND 1', 'D-1', 'Batch', 'B-7', 'Rice 50kg', 'Print', 'Edit', 'Delete']) assert.match(body!, part);
  assert.is(await text(page, '[data-testid="total-due"]'), '₦104,000.00');
  assert.is(await text(page, '[data-testid="balance"]'), '₦103,000.00');
  assert.equal(errors, []);
  await page.close();
});

test('edit replaces the lines: the detail and the stock follow', async () => {
  const page = await env.browser.newPage();
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const before = (await stock(page)) ?? 0;
  const id = await buy(page, 'E-1', 2);
  assert.is(await stock(page), before + 2);
  await openAs(page, env.server.url, OWNER, `/purchases/invoice/${id}`);
  await page.waitForSelector('[data-testid="purchase-details"]');
  await page.click('::-p-text(Edit)');
  await waitForPath(page, `/purchases/invoice/${id}/edit`);
  await page.waitForSelector('[data-testid="item-row-0"] input[name="quantity"]');
  await page.click('[data-testid="item-row-0"] input[name="quantity"]', { clickCount: 3 });
  await page.keyboard.type('5');
  await page.waitForFunction(() => document.querySelector('[data-testid="total-due"]')?.textContent === '₦260,000.00');
  await page.click('::-p-text(Buy)');
  // Still underpaid (1,000 of 260,000): the edit asks the debt question too.
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  const sawSaved = await watchForText(page, 'Purchase has been successfully saved');
  await page.click('::-p-text(Yes, accept debt!)');
  await waitForPath(page, `/purchases/invoice/${id}`);
  assert.ok(await sawSaved());
  await page.waitForFunction(() => document.querySelector('[data-testid="total-due"]')?.textContent === '₦260,000.00');
  assert.is(await stock(page), before + 5);
  await page.close();
});

test('delete: "Are you sure?", "Yes, delete it!", "Deleted!", back to /purchases; stock drops; the id is then not found', async () => {
  const page = await env.browser.newPage();
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const before = (await stock(page)) ?? 0;
  const id = await buy(page, 'X-1', 4);
  await openAs(page, env.server.url, OWNER, `/purchases/invoice/${id}`);
  await page.waitForSelector('[data-testid="delete"]');

  // Declining first: 'Cancelled' / 'Your data is safe', nothing changes.
  await page.click('[data-testid="delete"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  const confirm = await text(page, '[data-testid="confirm-dialog"]');
  for (const part of ['Are you sure?', 'You might not be able to revert this!', 'Yes, delete it!']) assert.match(confirm!, part);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="alert-dialog"]');
  const cancelled = await text(page, '[data-testid="alert-dialog"]');
  assert.match(cancelled!, 'Cancelled');
  assert.match(cancelled!, 'Your data is safe');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="alert-dialog"]'));
  assert.is(await stock(page), before + 4);

  await page.click('[data-testid="delete"]');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  await page.click('::-p-text(Yes, delete it!)');
  await page.waitForSelector('::-p-text(Your file has been deleted.)');
  assert.match((await text(page, '[data-testid="alert-dialog"]'))!, 'Deleted!');
  // The alert closes itself (1750 ms), then /purchases.
  await waitForPath(page, '/purchases');
  assert.is(await stock(page), before);
  await openAs(page, env.server.url, OWNER, `/purchases/invoice/${id}`);
  await waitForPath(page, '/not-found');
  await page.close();
});

test('with the default policy there is no Delete button', async () => {
  // A fresh browser context has its own storage: no earlier test's policy, and no earlier page's worker still
  // running on the same IndexedDB beside the seeding one.
  const context = await env.browser.createBrowserContext();
  const page = await context.newPage();
  // No app worker may run beside the seeding one: two PouchDB instances on one IndexedDB can abort each other's writes.
  await openAs(page, env.server.url, null, '/not-found');
  const [item] = (await seedPage(page, OWNER, [createItem(RICE_BAG)]));
  const id = await buy(page, 'N-1', 1, item.id);
  await openAs(page, env.server.url, OWNER, `/purchases/invoice/${id}`);
  await page.waitForSelector('[data-testid="purchase-details"]');
  assert.is(await page.$('[data-testid="delete"]'), null);
  assert.is(await page.$eval('[data-testid="purchase-details"]', (el) => el.textContent?.includes('N-1')), true);
  await context.close();
});

test.run();
