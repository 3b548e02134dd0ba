/**
 * Customers in Chromium, as a shop owner meets them: create a customer with a start balance from the list,
 * sell to them on credit in the sale form, take a payment through the dialog, see the Debtors badge and the
 * statement's running balance, print the receipt, delete the payment under a policy that allows it (→ /cashbook).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser, item } from '../support/fixtures';
import { badge, tableCells, waitText } from './clients-helpers';
import { text } from './store-helpers';
import { countPrints, pick } from './sales-helpers';
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

const OWNER = testUser(0, { business: 'biz-cust', businessName: 'Ada Stores' });


test('start balance, credit sale, payment through the dialog, badges, running balance, receipt, deletion', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await countPrints(page);
  await openAs(page, env.server.url, OWNER, '/customers', [['config-set', { deletePolicy: 'all' }], item('Rice', 1000, 10)]);
  const errors = watchErrors(page);
  await waitText(page, '[data-testid="client-table"]', 'You do not have any customers in your account.');

  // Create, from the keyboard: the dialog's first field has focus; Enter submits.
  await clickText(page, 'Create', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="client-dialog"] input[name="name"]');
  await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="client-dialog"] input[name="name"]'));
  await page.keyboard.type('Chioma Obi');
  await page.type('[data-testid="client-dialog"] input[name="phone_number"]', '08030000000');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="balance"]' }, '500');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));
  await waitText(page, '[data-testid="client-table"]', 'Chioma Obi');
  await waitText(page, '[data-testid="client-table"]', '₦500.00');
  await badge(page, 'debtors', 1);
  await badge(page, 'creditors', 0);

  // A second record of the same name is not made silently: the dialog offers the existing one.
  await clickText(page, 'Create', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="client-dialog"] input[name="name"]');
  // Typed into the field itself: under load the dialog may not have moved focus there yet.
  await page.type('[data-testid="client-dialog"] input[name="name"]', 'chioma obi');
  await page.waitForSelector('[data-testid="client-namesake"]');
  assert.ok((await text(page, '[data-testid="client-namesake"]')).includes('A customer named Chioma Obi (+2348030000000) already exists.'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));

  // Sell on credit in the sale form: 2 × 1,000, nothing paid, the debt confirmed.
  await page.goto(`${env.server.url}/sales/new`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Chio', 'Chioma Obi');
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Rice', 'Rice');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '10');
  await fill(page, { selector: '[data-testid="sale-row-0"] input[name="quantity"]' }, '2');
  await fill(page, { selector: 'input[name="amount_paid"]' }, '0');
  await page.click('button[type="submit"]');
  await clickText(page, 'Yes, make debt!');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));

  // The list: 500 + 2,000 owed.
  await page.goto(`${env.server.url}/customers`, { waitUntil: 'domcontentloaded' });
  await waitText(page, '[data-testid="client-table"]', '₦2,500.00');
  await badge(page, 'debtors', 1);
  // Debtor ageing: all of it is from today.
  await waitText(page, '[data-testid="ageing"]', 'Current₦2,500.00');
  await waitText(page, '[data-testid="client-table"]', 'Current');
  await page.click('[data-testid="client-table"] tbody a');
  await page.waitForFunction(() => location.pathname.startsWith('/customer/'));
  await waitText(page, '[data-testid="statement-title"]', 'Statement of Chioma Obi');
  await waitText(page, '[data-testid="statement-table"]', 'Start balance');
  const statementPath = await page.evaluate(() => location.pathname);

  // The payment dialog from the statement: the customer is chosen, money received by default.
  await clickText(page, 'Payment', '[data-testid="statement-actions"]');
  await page.waitForSelector('[data-testid="payment-dialog"]');
  assert.is(await page.$eval('[data-testid="payment-client"] input', (e) => (e as HTMLInputElement).value), 'Chioma Obi');
  assert.ok((await text(page, '[data-testid="payment-direction"]')).includes('Money received from customer'));
  // Amount 0 is refused with the spec's text, and nothing closes.
  await clickText(page, 'Save payment');
  await waitText(page, '[data-testid="payment-dialog"] .alert-error', 'Payment amount cannot be 0');
  await fill(page, { selector: '[data-testid="payment-dialog"] input[name="amount"]' }, '2600');
  await page.type('[data-testid="payment-dialog"] input[name="teller_number"]', 'T-77');
  await page.keyboard.press('Enter');
  // paymentRedirect is on by default: the receipt.
  await page.waitForFunction(() => location.pathname.startsWith('/payment/invoice/'));
  await page.waitForSelector('[data-testid="receipt"]');
  const receipt = await text(page, '[data-testid="receipt"]');
  for (const t of ['Ada Stores', 'Payment receipt', 'Received from', 'Chioma Obi', '₦2,600.00', 'Cash', 'T-77', '-₦100.00']) assert.ok(receipt.includes(t), t);
  assert.is(await page.$eval('[data-testid="receipt"]', (e) => (e as HTMLElement).style.width), '105mm');
  await page.waitForFunction(() => (document.activeElement as HTMLElement)?.textContent === 'Print');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
  const receiptPath = await page.evaluate(() => location.pathname);

  // The statement's running balance: 500 → 2,500 → -100; the customer is now a creditor.
  await page.goto(env.server.url + statementPath, { waitUntil: 'domcontentloaded' });
  await waitText(page, '[data-testid="statement-table"]', 'Payment received');
  const cells = (await tableCells(page, 'statement-table')).map((r) => [r[2], r[5], r[6], r[7]]);
  assert.equal(cells, [
    ['Start balance', '₦500.00', '', '₦500.00'],
    ['Sale of Rice', '₦2,000.00', '', '₦2,500.00'],
    ['Payment received', '', '₦2,600.00', '-₦100.00'],
  ]);
  await page.goto(`${env.server.url}/customers`, { waitUntil: 'domcontentloaded' });
  await badge(page, 'creditors', 1);
  await badge(page, 'debtors', 0);

  // Delete the payment (policy 'all'): confirmed, 'Deleted!', then the cashbook; the debt is back.
  await page.goto(env.server.url + receiptPath, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="receipt"]');
  await clickText(page, 'Delete');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  await clickText(page, 'Yes, delete it!');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-dialog"]')?.textContent?.includes('Deleted!'));
  await waitForPath(page, '/cashbook');
  await page.goto(`${env.server.url}/customers`, { waitUntil: 'domcontentloaded' });
  await waitText(page, '[data-testid="client-table"]', '₦2,500.00');
  await badge(page, 'debtors', 1);
  await page.goto(env.server.url + receiptPath, { waitUntil: 'domcontentloaded' });
  await waitForPath(page, '/not-found');
  assert.equal(errors, []);
  await page.close();
});

test.run();
