/**
 * Credit limits at the till (issue 28), keyboard only, against the real server: a cashier (level 3) signed in
 * through the login screen sells to Chioma, whose limit of ₦5,000.00 the owner set on the server. The sale form
 * shows her balance and credit left; with the setting on Block a ₦6,000.00 credit sale is refused with the
 * reason; on Approval a manager (level 1) types their username and password in the approval dialog, the sale
 * is saved with the approval, the server accepts it on sync (its record checked), and Chioma's statement says
 * who approved. Hand figures: 4 Rice at ₦1,500.00 = ₦6,000.00, nothing paid: ₦1,000.00 past the limit.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { drive, startDriver, signedInUser } from '../support/driver';
import type { Args, CommandName, Result } from '../../commands/index';
import { launchBrowser, startServer, type TestServer } from './harness';
import { go, loginThroughScreen } from './signin-steps';
import { countPointerEvents } from './sales-helpers';
import { addStaff, registerBusiness, type Client } from '../server/helpers';
import { openAs } from '../support/open';
import { item, testUser } from '../support/fixtures';
import { clickText } from '../support/click';
import { fill } from '../support/fill';
import { pick } from './sales-helpers';
import { waitText } from './clients-helpers';

let server: TestServer;
let browser: Browser;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** Asks the page's worker until `check` holds (sync bringing the owner's documents and settings): never a fixed wait. */
async function until<K extends CommandName>(page: Page, name: K, input: Args<K>, check: (value: Result<K>) => boolean, what: string): Promise<Result<K>> {
  const limit = Date.now() + 120_000;
  for (;;) {
    const value = await drive(page, name, input);
    if (check(value)) return value;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Writes a setting on the server as the owner (the till receives it by sync). */
async function setMode(owner: Client, business: string, value: string): Promise<void> {
  const path = `/db/oja-${business}-shared/config-creditLimitMode`;
  const current = await owner.call('GET', path);
  const res = await owner.call('PUT', path, { ...(current.status === 200 ? { _rev: current.body._rev } : {}), stores: 'config', key: 'creditLimitMode', value });
  assert.is(res.status, 201, JSON.stringify(res.body));
}

/** Types into a combobox (focused by the keyboard's way in, not a click) and takes the option with Enter. */
async function choose(page: Page, selector: string, text: string, expect: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.type(text);
  await page.waitForFunction((t) => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes(t)), {}, expect);
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') !== 'true', {}, selector);
}

/** Fills the sale: Chioma, 4 Rice, nothing paid; Enter in Amount paid sells; the debt alert is answered with Enter. */
async function sellOnCredit(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await choose(page, '[data-testid="customer-card"] input[role="combobox"]', 'Chi', 'Chioma');
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-left"]')?.textContent === 'Credit left ₦5,000.00 of ₦5,000.00');
  assert.is(await page.$eval('[data-testid="customer-balance"]', (e) => e.textContent), 'Balance ₦0.00');
  await choose(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Ric', 'Rice');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '20');
  await page.focus('[data-testid="sale-row-0"] input[name="quantity"]');
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type('4');
  await page.waitForFunction(() => document.querySelector('[data-testid="form-total-due"]')?.textContent === '₦6,000.00');
  // The form says before Sell that this sale passes the limit.
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-after"]')?.textContent === 'This sale takes it to ₦6,000.00, ₦1,000.00 past the limit');
  await page.focus('input[name="amount_paid"]');
  await page.keyboard.press('Enter');
}

test('block refuses the credit sale; a manager approves it at the till; the statement says who', async () => {
  const a = await registerBusiness(server, { name: 'Credit Shop' });
  const cashier = await addStaff(a.owner, a.id, 'Tolu Cashier', 3);
  const manager = await addStaff(a.owner, a.id, 'Musa Manager', 1);
  const main = `/db/oja-${a.id}`;
  const own = { username: a.username, fullname: 'Ada Obi' };
  for (const [id, doc] of [
    ['4Achi', { stores: 'customer', name: 'Chioma', phone_number: '+2348030000000', credit_limit: 5000, date: 1, user: own }],
    ['7Arice', { stores: 'item', name: 'Rice', price: 1500, purchasePrice: 1200, date: 1, user: own }],
    ['7Arice-i', { stores: 'stock', item: { name: 'Rice', id: '7Arice' }, quantity: 20, price: 1200, to: 'store', extra_notes: 'Starting stock', date: 1, user: own }],
  ] as const) {
    const res = await a.owner.call('PUT', `${main}/${id}`, doc);
    assert.is(res.status, 201, `${id}: ${JSON.stringify(res.body)}`);
  }
  await setMode(a.owner, a.id, 'block');

  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  await countPointerEvents(page);
  await loginThroughScreen(page, server.url, cashier.username, 'staffpass');
  const user = await signedInUser(page);
  assert.is(user.level, 3);
  await startDriver(page, user);
  await until(page, 'client-credit', { id: '4Achi' }, (c) => c?.limit === 5000, "Chioma's limit by sync");
  await until(page, 'config-get', {}, (c) => c.creditLimitMode === 'block', 'the Block setting by sync');
  await page.evaluate(() => ((window as unknown as { __pointer: string[] }).__pointer = []));

  // Block: the reason, and nothing saved.
  await go(page, '/sales/new');
  await sellOnCredit(page);
  // Issue 39: the refusal comes first, with no 'Debt alert!' question before it.
  await page.waitForFunction(
    () =>
      document.querySelector('.sale-form .alert-error')?.textContent ===
      'Chioma would owe ₦6,000.00, past the credit limit of ₦5,000.00 (owes ₦0.00 now). Take a payment or sell less: going past a credit limit is not allowed.',
  );
  assert.is(await page.$('[data-testid="confirm-dialog"]'), null, "no 'Debt alert!' was asked");
  assert.is((await drive(page, 'client-credit', { id: '4Achi' }))?.balance, 0);

  // Approval: the manager signs in on the spot, by keyboard; a wrong password first.
  await setMode(a.owner, a.id, 'approval');
  await until(page, 'config-get', {}, (c) => c.creditLimitMode === 'approval', 'the Approval setting by sync');
  await page.focus('input[name="amount_paid"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'approver');
  assert.is(
    await page.$eval('[data-testid="credit-approval-reason"]', (e) => e.textContent),
    'Chioma would owe ₦6,000.00, past the credit limit of ₦5,000.00 (owes ₦0.00 now). A manager must approve it.',
  );
  await page.keyboard.type(manager.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-it');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="credit-approval-dialog"] [role="alert"]')?.textContent === 'The username or password is not right.');
  await page.focus('[data-testid="credit-approval-dialog"] input[name="approver-password"]');
  await page.keyboard.type('staffpass');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  const saleId = decodeURIComponent(location_id(await page.evaluate(() => location.pathname)));
  const sale = (await drive(page, 'sale-get', { id: saleId })).sale;
  assert.equal(
    sale.credit_approval && [sale.credit_approval.username, sale.credit_approval.fullname, sale.credit_approval.limit, sale.credit_approval.balance, sale.user?.username],
    [manager.username, 'Musa Manager', 5000, 6000, cashier.username],
  );

  // The server took it (its approval record checked): the sale is there with the stamp.
  const deadline = Date.now() + 120_000;
  let onServer: { status: number; body: { credit_approval?: { id?: string } } } = { status: 0, body: {} };
  while (Date.now() < deadline) {
    onServer = await a.owner.call('GET', `${main}/${encodeURIComponent(saleId)}`);
    if (onServer.status === 200) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.is(onServer.status, 200, 'the approved sale reached the server');
  assert.ok(onServer.body.credit_approval?.id?.startsWith('credit-approval-'));
  assert.equal((await drive(page, 'sync-refusals', {})).refusals, []);

  // Chioma's statement: the approval under the sale's details.
  await go(page, '/customer/4Achi');
  await page.waitForFunction(() => document.querySelector('[data-testid="approval-note"]')?.textContent?.startsWith('Past credit limit ₦5,000.00, approved by Musa Manager, '));
  await page.waitForFunction(() => document.querySelector('[data-testid="customer-credit-left"]')?.textContent === 'Over the credit limit of ₦5,000.00 by ₦1,000.00');
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);
  await page.close();
});

/** The id at the end of /sales/invoice/{id}. */
function location_id(path: string): string {
  return path.split('/').pop() ?? '';
}

test('warn: a stock transfer past the limit asks over its dialog; Over limit lists the customer; a raised limit takes them off', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await openAs(page, server.url, testUser(0, { business: 'biz-credit-warn' }), '/customers', [
    ['config-set', { creditLimitMode: 'warn' }],
    item('Rice', 1000, 10),
    ['client-create', { kind: 'customer', name: 'Ada Eze' }],
    ['client-create', { kind: 'customer', name: 'Obi Okafor', credit_limit: 5000 }],
  ]);
  await waitText(page, '[data-testid="client-table"]', 'Obi Okafor');
  assert.is(await page.$eval('[data-testid="badge-over-limit"]', (e) => e.textContent), '0');
  await clickText(page, 'Stock transfer', '[data-testid="client-actions"]');
  await page.waitForSelector('[data-testid="transfer-dialog"]');
  await pick(page, '[data-testid="transfer-sender"] input', 'Ada', 'Ada Eze');
  await pick(page, '[data-testid="transfer-recipient"] input', 'Obi', 'Obi Okafor');
  await pick(page, '[data-testid="transfer-item"]', 'Rice', 'Rice');
  await page.waitForFunction(() => (document.querySelector('[data-testid="transfer-dialog"] input[name="send_price"]') as HTMLInputElement)?.value === '1000');
  await fill(page, { selector: '[data-testid="transfer-dialog"] input[name="quantity"]' }, '6');
  await page.keyboard.press('Enter');
  // 6 × ₦1,000.00 to Obi: ₦1,000.00 past his limit. The warning opens over the transfer dialog and takes Enter.
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  assert.ok(
    (await page.$eval('[data-testid="confirm-dialog"]', (e) => e.textContent ?? '')).includes('Obi Okafor would owe ₦6,000.00, past the credit limit of ₦5,000.00 (owes ₦0.00 now).'),
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="transfer-dialog"]'));
  await page.waitForFunction(() => document.querySelector('[data-testid="badge-over-limit"]')?.textContent === '1');
  await page.click('[data-testid="tab-over-limit"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="client-table"] tbody tr').length === 1);
  const row = await page.$eval('[data-testid="client-table"] tbody tr', (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  assert.ok(row.includes('Obi Okafor') && row.includes('₦6,000.00') && row.includes('₦5,000.00'), JSON.stringify(row));

  // The day at a glance counts him.
  await go(page, '/cashbook');
  await page.waitForFunction(() => document.querySelector('[data-testid="glance-over-limit"]')?.textContent === '1 customer is over their credit limit');
  await go(page, '/customers');
  await waitText(page, '[data-testid="client-table"]', 'Obi Okafor');

  // Edit info: the limit as stored, raised to ₦7,000.00: Obi leaves Over limit.
  await clickText(page, 'Edit info', '[data-testid="client-actions"]');
  await pick(page, '[data-testid="edit-client-picker"] input', 'Obi', 'Obi Okafor');
  await page.waitForFunction(() => (document.querySelector('[data-testid="client-dialog"] input[name="credit_limit"]') as HTMLInputElement)?.value === '5000');
  await fill(page, { selector: '[data-testid="client-dialog"] input[name="credit_limit"]' }, '7000');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid="client-dialog"]'));
  await page.waitForFunction(() => document.querySelector('[data-testid="badge-over-limit"]')?.textContent === '0');
  await page.close();
});

test.run();
