/**
 * The quick sale sells on account (issue 39 item 1), keyboard only: Alt+C picks Chioma, a managed customer with a
 * ₦5,000.00 credit limit, through the sale form's customer picker; the basket shows her balance, credit left and
 * what this sale takes it to; Complete asks 'Debt alert!' and then the credit-limit question (the setting's
 * default, warn), as the sale form does; the debt is on her statement. A walk-in by name still sells.
 * Hand figures: 4 Rice at ₦1,500.00 = ₦6,000.00, ₦500.00 paid: ₦5,500.00 owed, ₦500.00 past the limit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { seedPage } from '../support/seed';
import { countPointerEvents, savedSaleId, typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const text = (page: Page, sel: string) => page.$eval(sel, (e) => e.textContent ?? '');
const altC = async (page: Page) => {
  await page.keyboard.down('Alt');
  await page.keyboard.press('KeyC');
  await page.keyboard.up('Alt');
};

/** Answers the confirmation dialog now open, titled `title`, with Enter (its confirm button has focus). */
async function confirmWithEnter(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => !!document.activeElement?.closest('[data-testid="confirm-dialog"]') && document.querySelector('[data-testid="confirm-dialog"]')?.textContent?.includes(t), {}, title);
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => !document.querySelector('[data-testid="confirm-dialog"]')?.textContent?.includes(t), {}, title);
}

test("Alt+C picks a managed customer: credit check, 'Debt alert!', the debt on her statement; a walk-in still sells", async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await countPointerEvents(page);
  const user = testUser(0, { business: 'biz-account' });
  const [, , chioma] = await openAs(page, env.server.url, user, '/sales/quick', [
    item('Rice', 1500, 20),
    item('Beans', 500, 10),
    ['client-create', { kind: 'customer', name: 'Chioma', phone_number: '08030000000', credit_limit: 5000 }],
  ]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(page, 'ric');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await page.keyboard.press('F4');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 4']);

  // Alt+C: the customer picker, the sale form's; Enter takes Chioma and goes back to the search.
  await altC(page);
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid="quick-customer"]') && document.activeElement.getAttribute('role') === 'combobox');
  await typeSlowly(page, 'Chi');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.startsWith('Chioma')));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-left"]')?.textContent === 'Credit left ₦5,000.00 of ₦5,000.00');
  assert.is(await text(page, '[data-testid="customer-balance"]'), 'Balance ₦0.00');
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-after"]')?.textContent === 'This sale takes it to ₦6,000.00, ₦1,000.00 past the limit');
  assert.is(await page.$eval('[data-testid="quick-customer"] input[type="tel"]', (e) => (e as HTMLInputElement).value), '+2348030000000');

  // ₦500 paid: 'Debt alert!' first, then the credit limit (warn), each confirmed with Enter.
  await page.keyboard.press('F9');
  await page.keyboard.type('500');
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-after"]')?.textContent === 'This sale takes it to ₦5,500.00, ₦500.00 past the limit');
  await page.keyboard.press('Enter');
  await confirmWithEnter(page, 'Debt alert!');
  await confirmWithEnter(page, 'Credit limit');

  // Saved: the debt is on her account and statement.
  const id = await savedSaleId(page);
  const [view] = await seedPage(page, user, [['sale-get', { id }]]);
  assert.equal(view.sale.customer, { with_account: true, account_ref: chioma._id, name: 'Chioma', phone_number: '+2348030000000' });
  const [credit, statement] = await seedPage(page, user, [
    ['client-credit', { id: chioma._id }],
    ['client-statement', { account: chioma._id, offset: 0, limit: 10 }],
  ]);
  assert.equal([credit?.balance, credit?.over], [5500, true]);
  const sold = statement.rows.filter((r) => r.stores === 'sale');
  assert.is(sold.length, 1);
  assert.is(statement.closing ?? sold[0].balance, 5500);

  // A walk-in by name: no account, no credit question.
  await page.goto(env.server.url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(page, 'bea');
  await waitFirstTile(page, 'Beans');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1']);
  await altC(page);
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await typeSlowly(page, 'Musa Bello');
  await page.waitForFunction(() => [...document.querySelectorAll('.picker-list [role="option"]')].map((o) => o.textContent).join('|') === 'Walk-in (the name as typed, no account)');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  assert.is(await page.$('[data-testid="customer-credit"]'), null);
  await page.keyboard.press('F9');
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  const walkIn = await savedSaleId(page, id);
  const [walkInView] = await seedPage(page, user, [['sale-get', { id: walkIn }]]);
  assert.equal(walkInView.sale.customer, { with_account: false, name: 'Musa Bello' });
  assert.equal(errors, []);
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  await page.close();
});

test.run();
