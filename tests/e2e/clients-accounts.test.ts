/**
 * Customers and suppliers in Chromium beyond the first payment: a stock transfer between two customers moving
 * both balances; read-only mode hiding every create, edit, payment, adjustment and transfer button; the supplier
 * flow from a purchase on credit to a payment through the Payments dialog and the supplier statement.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser, item } from '../support/fixtures';
import { badge, tableCells, waitText } from './clients-helpers';
import { text } from './store-helpers';
import { pick } from './sales-helpers';
import { seedPage } from '../support/seed';
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

test('a stock transfer between two customers moves both balances', async () => {
  const owner = testUser(0, { business: 'biz-transfer' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, owner, '/customers', [
    item('Rice', 1000, 10),
    ['client-create', { kind: 'customer', name: 'Ada Eze', balance: -5000 }],
    ['client-create', { kind: 'customer', name: 'Obi Okafor', balance: 0 }],
  ]);
  const errors = watchErrors(page);
  await waitText(page, '[data-testid="client-table"]', '-₦5,000.00');
  await waitText(page, '[data-testid="client-table"]', 'Obi Okafor'); // both in the index the pickers search
  await badge(page, 'creditors', 1);
  await clickText(page, 'Stock transfer', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="transfer-dialog"]');
  await pick(page, '[data-testid="transfer-sender"] input', 'Ada', 'Ada Eze');
  await pick(page, '[data-testid="transfer-recipient"] input', 'Obi', 'Obi Okafor');
  await pick(page, '[data-testid="transfer-item"]', 'Rice', 'Rice');
  // The prices start at the item's price.
  await page.waitForFunction(() => (document.querySelector('[data-testid="transfer-dialog"] input[name="send_price"]') as HTMLInputElement)?.value === '1000');
  await fill(page, { selector: '[data-testid="transfer-dialog"] input[name="quantity"]' }, '2');
  await fill(page, { selector: '[data-testid="transfer-dialog"] input[name="receive_price"]' }, '1100');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="transfer-dialog"]')).catch(async (e: Error) => {
    const seen = await page.evaluate(() => { const d = document.querySelector('[data-testid="transfer-dialog"]'); return `${d?.textContent?.slice(0, 300)} | ${[...(d?.querySelectorAll('input') ?? [])].map((i) => `${i.name}=${i.value}`).join(',')} | active ${document.activeElement?.outerHTML.slice(0, 100)}`; });
    throw new Error(`${e.message}: ${seen}`);
  });
  // Ada: -5,000 − 2 × 1,000; Obi: 0 + 2 × 1,100.
  await waitText(page, '[data-testid="client-table"]', '-₦7,000.00');
  await waitText(page, '[data-testid="client-table"]', '₦2,200.00');
  await badge(page, 'debtors', 1);
  const rows = (await tableCells(page, 'client-table')).map((r) => [r[1], r[3]]);
  assert.equal(rows, [
    ['Ada Eze', '-₦7,000.00'],
    ['Obi Okafor', '₦2,200.00'],
  ]);
  // The same rule refuses a transfer to oneself, with its message, and the dialog stays.
  await clickText(page, 'Stock transfer', '[data-testid="client-actions"]');
  await pick(page, '[data-testid="transfer-sender"] input', 'Ada', 'Ada Eze');
  await pick(page, '[data-testid="transfer-recipient"] input', 'Ada', 'Ada Eze');
  await pick(page, '[data-testid="transfer-item"]', 'Rice', 'Rice');
  await clickText(page, 'Transfer');
  await waitText(page, '[data-testid="transfer-dialog"] .alert-error', 'The sender and the recipient must be different customers');
  assert.equal(errors, []);
  await page.close();
});

test('Enter typed before the search answers picks from the newest answer, not from the list still shown', async () => {
  const owner = testUser(0, { business: 'biz-transfer-enter' });
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, owner, '/customers', [
    ['client-create', { kind: 'customer', name: 'Ada Eze' }],
    ['client-create', { kind: 'customer', name: 'Obi Okafor' }],
  ]);
  // Both in the list: the client index the pickers search holds them (it follows the seed's writes).
  await waitText(page, '[data-testid="client-table"]', 'Ada Eze');
  await waitText(page, '[data-testid="client-table"]', 'Obi Okafor');
  await clickText(page, 'Stock transfer', '[data-testid="client-actions"]');
  // From the keyboard: the dialog puts focus on its first field, the sender; Tab moves on to the recipient (a click
  // could land on the sender's list, open over the recipient's box). Focus lists every customer, Ada Eze first:
  // the list a stale Enter would pick from.
  await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="transfer-sender"] input'));
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="transfer-recipient"] [role="option"]').length === 2);
  await page.type('[data-testid="transfer-recipient"] input', 'Obi');
  await page.keyboard.press('Enter');
  // Picked: the box closed and shows a customer's whole name in place of what was typed.
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid="transfer-recipient"] input') as HTMLInputElement;
    return box.getAttribute('aria-expanded') === 'false' && box.value !== 'Obi';
  });
  assert.is(await page.$eval('[data-testid="transfer-recipient"] input', (i) => (i as HTMLInputElement).value), 'Obi Okafor');
  assert.ok(await page.$('[data-testid="transfer-dialog"]'), 'Enter picked; it did not submit the dialog');
  await page.close();
});

test('read-only mode hides every button that changes an account', async () => {
  const owner = testUser(0, { business: 'biz-readonly' });
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, null, '/not-found');
  const [, customer, supplier] = await seedPage(page, owner, [
    ['config-set', { deletePolicy: 'all' }],
    ['client-create', { kind: 'customer', name: 'Ada Eze', balance: 100 }],
    ['client-create', { kind: 'supplier', name: 'Dangote', balance: -100 }],
  ]);
  const [payment] = await seedPage(page, owner, [['payment-create', { kind: 'customer', client: customer._id, factor: -1, amount: 50, medium: 'cash' }]]);

  const visit = async (path: string, ready: string) => {
    await openAs(page, env.server.url, owner, path, [], { 'oja:read-only': '1' });
    await page.waitForSelector(ready);
  };
  const buttons = () => page.$$eval('section.screen button', (bs) => bs.map((b) => b.textContent?.trim() ?? ''));
  const hidden = ['Edit info', 'Edit supplier', 'Cash adjustment', 'Create', 'Stock transfer', 'Payments', 'Payment', 'Delete'];

  await visit('/customers', '[data-testid="client-table"] tbody tr');
  assert.not.ok(await page.$('[data-testid="client-actions"]'));
  assert.equal((await buttons()).filter((b) => hidden.includes(b)), []);
  await visit('/suppliers', '[data-testid="client-table"] tbody tr');
  assert.equal((await buttons()).filter((b) => hidden.includes(b)), []);
  await visit(`/customer/${customer._id}`, '[data-testid="statement-table"] tbody tr');
  assert.not.ok(await page.$('[data-testid="statement-actions"]'));
  assert.equal((await buttons()).filter((b) => hidden.includes(b)), []);
  await visit(`/supplier/${supplier._id}?client=supplier`, '[data-testid="statement-table"] tbody tr');
  assert.equal((await buttons()).filter((b) => hidden.includes(b)), []);
  await visit(`/payment/invoice/${payment.id}`, '[data-testid="receipt"]');
  assert.ok((await buttons()).includes('Print'));
  assert.equal((await buttons()).filter((b) => hidden.includes(b)), []);

  // The same screens without the flag show them.
  await openAs(page, env.server.url, owner, '/customers');
  await page.waitForSelector('[data-testid="client-actions"]');
  assert.equal((await buttons()).filter((b) => hidden.includes(b)).sort(), ['Cash adjustment', 'Create', 'Edit info', 'Stock transfer']);
  await openAs(page, env.server.url, owner, '/suppliers');
  await page.waitForSelector('[data-testid="client-actions"]');
  assert.equal((await buttons()).filter((b) => hidden.includes(b)).sort(), ['Cash adjustment', 'Create', 'Edit supplier', 'Payments']);
  // A missing client, a customer under the supplier route, an unknown receipt: /not-found.
  for (const path of ['/customer/4Anobody', `/supplier/${customer._id}`, '/payment/invoice/5Anothing']) {
    await page.goto(env.server.url + path, { waitUntil: 'domcontentloaded' });
    await waitForPath(page, '/not-found');
  }
  await page.close();
});

test('supplier flow: a purchase on credit, then a payment through the Payments dialog', async () => {
  const owner = testUser(0, { business: 'biz-supplier', businessName: 'Ada Stores' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, env.server.url, null, '/not-found');
  const [rice, supplier] = await seedPage(page, owner, [
    ['item-create', { name: 'Rice', price: 1000, purchasePrice: 800 }],
    ['client-create', { kind: 'supplier', name: 'Dangote Mills', phone_number: '08090000000' }],
  ]);
  await seedPage(page, owner, [
    [
      'purchase-create',
      { supplier: { name: 'Dangote Mills', account_ref: supplier._id }, invoice_number: 'P-1', date: Date.now(), amount_paid: 1000, acceptDebt: true, items: [{ id: rice.id, name: 'Rice', quantity: 5, price: 800 }] },
    ],
  ]);
  await openAs(page, env.server.url, owner, '/suppliers');
  const errors = watchErrors(page);
  // 1,000 paid of 4,000: the business owes 3,000 (negative: a creditor).
  await waitText(page, '[data-testid="client-table"]', '-₦3,000.00');
  await badge(page, 'creditors', 1);

  await clickText(page, 'Payments', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="payment-dialog"]');
  // No supplier chosen: the spec's text.
  await fill(page, { selector: '[data-testid="payment-dialog"] input[name="amount"]' }, '2000');
  await clickText(page, 'Save payment');
  await waitText(page, '[data-testid="payment-dialog"] .alert-error', 'You must choose a supplier');
  await pick(page, '[data-testid="payment-client"] input', 'Dang', 'Dangote Mills');
  assert.ok((await text(page, '[data-testid="payment-direction"]')).includes('Money sent to supplier'));
  await clickText(page, 'Save payment');
  await page.waitForFunction(() => location.pathname.startsWith('/payment/invoice/'));
  await page.waitForSelector('[data-testid="receipt"]');
  const receipt = await text(page, '[data-testid="receipt"]');
  for (const t of ['Paid to', 'Dangote Mills', '₦2,000.00', '-₦1,000.00']) assert.ok(receipt.includes(t), t);

  // The supplier statement (supplier view): the purchase raises what is owed, the payment lowers it.
  await page.click('a[href*="/supplier/"]');
  await page.waitForFunction(() => location.pathname.startsWith('/supplier/') && location.search === '?client=supplier');
  await waitText(page, '[data-testid="statement-table"]', 'Payment made');
  const cells = (await tableCells(page, 'statement-table')).map((r) => [r[2], r[5], r[6], r[7]]);
  assert.equal(cells, [
    ['Purchase of Rice', '', '₦3,000.00', '-₦3,000.00'],
    ['Payment made', '₦2,000.00', '', '-₦1,000.00'],
  ]);
  await page.goto(`${env.server.url}/suppliers`, { waitUntil: 'domcontentloaded' });
  await waitText(page, '[data-testid="client-table"]', '-₦1,000.00');
  assert.equal(errors, []);
  await page.close();
});

test.run();
