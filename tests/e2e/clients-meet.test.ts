/**
 * Where the rest of the app meets clients, in Chromium: 'New customer' in the sale form opens the create-client
 * dialog (phone and start balance) and offers the existing customer when the name exists; a customer return
 * linked to a chosen customer credits their account.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { testUser } from '../support/fixtures';
import { waitText } from './clients-helpers';
import { pick } from './sales-helpers';
import { seedPage } from '../support/seed';
import { pickItem, text } from './store-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const customerBox = '[data-testid="customer-card"] input[role="combobox"]';

test("the sale form's New customer opens the create dialog, then offers the existing customer", async () => {
  const owner = testUser(0, { business: 'biz-newcust' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, owner, '/sales/new', []);
  const errors = watchErrors(page);
  await page.waitForSelector(customerBox);
  await pick(page, customerBox, 'Tunde Bakare', 'New customer');
  await page.waitForSelector('[data-testid="client-dialog"] input[name="name"]');
  assert.is(await page.$eval('[data-testid="client-dialog"] input[name="name"]', (e) => (e as HTMLInputElement).value), 'Tunde Bakare');
  await page.type('[data-testid="client-dialog"] input[name="phone_number"]', '08051234567');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="balance"]' }, '300');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));
  // The card holds the new customer; the sale form did not submit behind the dialog.
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement)?.value === 'Tunde Bakare', {}, customerBox);
  await page.waitForFunction(() => (document.querySelector('[data-testid="customer-card"] input[name="phone_number"]') as HTMLInputElement)?.value === '+2348051234567');
  assert.is(await page.evaluate(() => location.pathname), '/sales/new');

  // The same name again: the dialog offers the existing customer instead of a second record.
  await page.goto(`${env.server.url}/sales/new`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(customerBox);
  await page.type(customerBox, 'Tunde Bakare');
  // The existing customer is listed first, New customer after it: choose New customer anyway.
  await page.waitForFunction(() => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent).join('|') === 'Tunde Bakare · +2348051234567|New customer');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="client-namesake"]');
  await clickText(page, 'Use Tunde Bakare', '[data-testid="client-namesake"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement)?.value === 'Tunde Bakare', {}, customerBox);

  const [list] = await seedPage(page, owner, [['client-list', { kind: 'customer', offset: 0, limit: 10 }]]);
  assert.equal(list.rows.map((r) => [r.name, r.balance]), [['Tunde Bakare', 300]]);
  assert.equal(errors, []);
  await page.close();
});

test("a customer return linked to a chosen customer credits the customer's account", async () => {
  const owner = testUser(0, { business: 'biz-return' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  const [, ada] = await openAs(page, env.server.url, owner, '/store', [
    ['item-create', { name: 'Fan', price: 15000, purchasePrice: 12000, quantity: 10 }],
    ['client-create', { kind: 'customer', name: 'Ada Eze', balance: 50000 }],
  ]);
  const errors = watchErrors(page);
  await clickText(page, 'Returns', '[data-testid="store-toolbar"]');
  await page.waitForSelector('[data-testid="returns-modal"]');
  await pickItem(page, 'returns-item', 'Fan');
  await fill(page, { selector: '[data-testid="returns-modal"] input[type="number"]' }, '2');
  await pick(page, '[data-testid="returns-client"] input', 'Ada', 'Ada Eze');
  await clickText(page, 'Save', '[data-testid="returns-modal"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="returns-modal"]'));
  // 50,000 owed, 2 × 15,000 returned: 20,000.
  await page.goto(`${env.server.url}/customer/${ada._id}`, { waitUntil: 'domcontentloaded' });
  await waitText(page, '[data-testid="statement-table"]', 'Customer returns');
  assert.ok((await text(page, '[data-testid="statement-table"]')).includes('₦20,000.00'));
  assert.equal(errors, []);
  await page.close();
});

test('Edit info: choose the customer, change the name and phone; the list and the statement follow', async () => {
  const owner = testUser(0, { business: 'biz-edit' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, owner, '/customers', [['client-create', { kind: 'customer', name: 'Ada Eze', phone_number: '08010000001', balance: 10 }]]);
  const errors = watchErrors(page);
  await waitText(page, '[data-testid="client-table"]', 'Ada Eze');
  await clickText(page, 'Edit info', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="client-dialog"]');
  assert.not.ok(await page.$('[data-testid="client-dialog"] input[name="name"]'), 'the fields wait for the customer to be chosen');
  await pick(page, '[data-testid="edit-client-picker"] input', 'Ada', 'Ada Eze');
  await page.waitForFunction(() => (document.querySelector('[data-testid="client-dialog"] input[name="phone_number"]') as HTMLInputElement)?.value === '+2348010000001');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="name"]' }, 'Ada Nwosu');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="phone_number"]' }, '0802 000 0002');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));
  await waitText(page, '[data-testid="client-table"]', 'Ada Nwosu');
  assert.ok((await text(page, '[data-testid="client-table"]')).includes('+2348020000002'), 'stored and shown in international form');
  // An empty name is refused in the dialog, which stays open.
  await page.click('[data-testid="client-table"] tbody a');
  await waitText(page, '[data-testid="statement-title"]', 'Statement of Ada Nwosu');
  await clickText(page, 'Edit info', '[data-testid="statement-actions"]');
  await page.waitForFunction(() => (document.querySelector('[data-testid="client-dialog"] input[name="name"]') as HTMLInputElement)?.value === 'Ada Nwosu');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="name"]' }, '');
  await page.keyboard.press('Enter');
  await waitText(page, '[data-testid="client-dialog"] .alert-error', 'You must provide the client name');
  assert.equal(errors, []);
  await page.close();
});

test.run();
