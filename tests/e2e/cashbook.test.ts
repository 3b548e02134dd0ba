/**
 * The cashbook in Chromium, reached the way a shop owner reaches it: sign in and land on /cashbook, which shows
 * today's cash movements as they happen (a customer's cash payment, an expense from the drawer), the cash balance
 * at a glance, and rows linking to their sources.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { pick } from './sales-helpers';
import { go, loginThroughScreen } from './signin-steps';
import { text } from './store-helpers';
import { signedInUser } from '../support/driver';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test("sign in and land on a cashbook that shows today's cash movements, the cash balance and links to sources", async () => {
  const a = await registerBusiness(env.server, { name: 'Drawer Shop', owner: 'Ngozi Drawer' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="cashbook-table"] [data-testid="table-empty"]');
  assert.is(await text(page, '[data-testid="cashbook-table"] [data-testid="table-empty"]'), 'You do not have any cash transactions.');
  assert.is(await text(page, '[data-testid="cash-balance"]'), '₦0.00');

  // Money moves while the cashbook is open: yesterday's expense and today's, written beside the open screen...
  const user = await signedInUser(page);
  const yesterday = Date.now() - 24 * 3600 * 1000;
  const [, , fuel] = await seedPage(page, user, [
    ['client-create', { kind: 'customer', name: 'Bola Ade' }],
    ['expense-create', { amount: 100, source: 'cash', description: 'Bread for staff', date: yesterday }],
    ['expense-create', { amount: 250, source: 'cash', description: 'Fuel for generator' }],
  ]);
  await page.waitForFunction(() => document.querySelector('[data-testid="cash-balance"]')?.textContent === '-₦350.00');

  // ...and a customer's cash payment through the Customer payment button (the customers screens' dialog).
  await page.click('[data-testid="customer-payment"]');
  await page.waitForSelector('[data-testid="payment-dialog"]');
  await pick(page, '[data-testid="payment-client"] input', 'Bola', 'Bola Ade');
  await fill(page, { selector: '[data-testid="payment-dialog"] input[name="amount"]' }, '1000');
  await page.type('[data-testid="payment-dialog"] textarea[name="details"]', 'Part payment');
  await clickText(page, 'Save payment');
  // The payment-redirect setting is on by default: its receipt, then back to the cashbook.
  await page.waitForFunction(() => location.pathname.startsWith('/payment/invoice/'));
  const paymentPath = await page.evaluate(() => location.pathname);
  await go(page, '/cashbook');

  await page.waitForFunction(() => document.querySelectorAll('[data-testid="cashbook-table"] .data-table tbody tr[data-index]').length === 2);
  const rows = await page.$$eval('[data-testid="cashbook-table"] .data-table tbody tr[data-index]', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
  const byText = (t: string) => rows.find((r) => r.join('|').includes(t))!;
  // Columns: S/N, Date, Description, Details, Invoice/Teller number, Debit, Credit, Balance.
  assert.equal(byText('Fuel for generator').slice(5), ['', '₦250.00', '-₦350.00']);
  assert.equal(byText('Part payment').slice(5), ['₦1,000.00', '', '₦650.00']);
  await page.waitForFunction(() => document.querySelector('[data-testid="cash-balance"]')?.textContent === '₦650.00');
  assert.is(await text(page, '[data-testid="cash-opening"]'), '-₦100.00', "yesterday's expense is before today: it only feeds the opening balance");
  assert.is(await text(page, '[data-testid="cash-in"]'), '₦1,000.00');
  assert.is(await text(page, '[data-testid="cash-out"]'), '₦250.00');
  assert.ok(await page.$(`[data-testid="cashbook-table"] a[href="${paymentPath}"]`), 'the payment links to its receipt');

  // From the keyboard: focus the rows, Home goes to the first (the expense), Enter opens its source.
  assert.ok(await page.$(`[data-testid="cashbook-table"] a[href="/expenses/${fuel.id}"]`));
  await page.focus('[data-testid="cashbook-table"] .table-scroll');
  await page.keyboard.press('Home');
  await page.waitForSelector('[data-testid="cashbook-table"] tr.row-focused');
  await page.keyboard.press('Enter');
  await waitForPath(page, `/expenses/${fuel.id}`);
  await page.waitForSelector('[data-testid="expense-detail"]');
  assert.is(await text(page, '[data-testid="expense-details"]'), 'Fuel for generator');
  assert.is(await text(page, '[data-testid="expense-user"]'), 'Ngozi Drawer');
  assert.equal(errors, []);
  await page.close();
});

test.run();
