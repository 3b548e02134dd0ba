/**
 * Two tills, one credit limit, the server gone (issue 28), on two browser profiles (two devices) against the
 * real server: the owner's till and a cashier's till each sell Chioma 2 Rice on credit (₦3,000.00) while the
 * server is stopped. Her limit is ₦5,000.00 and the setting is Block, yet neither till refuses: each knows only
 * its own sale (₦3,000.00, ₦2,000.00 left), and a second credit sale on one till is refused there. When the
 * server is back both sales reach it (no sale lost), both tills show Chioma owing ₦6,000.00 and over the limit,
 * and the cashier's Customers screen lists her under Over limit.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import type { Args, CommandName, Result } from '../../commands/index';
import type { SessionUser } from '../../commands/session';
import { drive, startDriver, signedInUser } from '../support/driver';
import { launchBrowser, startServer, type TestServer } from './harness';
import { go, loginThroughScreen } from './signin-steps';
import { addStaff, registerBusiness, type Client } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';

let server: TestServer;
const browsers: Browser[] = [];
let business: { id: string; username: string; owner: Client };

test.before(async () => {
  server = await startServer();
  business = await registerBusiness(server, { name: 'Credit Tills Shop' });
  browsers.push(await launchBrowser(), await launchBrowser());
});
test.after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function signIn(browser: Browser, username: string, password: string): Promise<{ page: Page; user: SessionUser }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await loginThroughScreen(page, server.url, username, password);
  const user = await signedInUser(page);
  await startDriver(page, user);
  return { page, user };
}

/** Asks the page's worker every 250 ms until `check` holds on its answer: a condition, never a fixed wait. */
async function until<K extends CommandName>(page: Page, name: K, input: Args<K>, check: (value: Result<K>) => boolean, what: string): Promise<Result<K>> {
  const limit = Date.now() + 240_000;
  for (;;) {
    const value = await drive(page, name, input);
    if (check(value)) return value;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('each till under the limit offline; both sales kept; the customer over the limit on both once synced', async () => {
  const cashier = await addStaff(business.owner, business.id, 'Tolu Till', 3);
  const a = await signIn(browsers[0], business.username, REGISTRATION.password);
  const b = await signIn(browsers[1], cashier.username, 'staffpass');

  // The morning: the owner sets Block, stocks Rice and gives Chioma a limit; the cashier's till receives them.
  await drive(a.page, 'config-set', { creditLimitMode: 'block' });
  const rice = await drive(a.page, 'item-create', { name: 'Rice', price: 1500, purchasePrice: 1200, quantity: 20 });
  const chioma = await drive(a.page, 'client-create', { kind: 'customer', name: 'Chioma', credit_limit: 5000 });
  await until(b.page, 'client-credit', { id: chioma._id }, (c) => c?.limit === 5000, "Chioma's limit on the cashier's till");
  await until(b.page, 'config-get', {}, (c) => c.creditLimitMode === 'block', 'Block on the cashier’s till');
  await until(b.page, 'stock-balances', { ids: [rice.id] }, (rows) => rows[0]?.balance === 20, 'the Rice on the cashier’s till');
  for (const till of [a, b]) await until(till.page, 'sync-pending', {}, (p) => p.pending === 0, 'the morning pushed');

  // Offline: each till sells within what it knows.
  const { port, dataDir } = server;
  await server.stop();
  const sale = { customer: { with_account: true, name: 'Chioma', account_ref: chioma._id }, items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 2 }], amount_paid: 0, confirmDebt: true };
  const fromA = await drive(a.page, 'sale-create', sale);
  const fromB = await drive(b.page, 'sale-create', sale);
  for (const till of [a, b]) assert.equal(await drive(till.page, 'client-credit', { id: chioma._id }), { name: 'Chioma', balance: 3000, limit: 5000, left: 2000, over: false });
  const refused = await drive(a.page, 'sale-create', sale).then(
    () => 'saved',
    (e: Error) => e.message,
  );
  assert.match(refused, /Chioma would owe ₦6,000\.00, past the credit limit of ₦5,000\.00/);

  // Back online: both tills reconnect by themselves.
  server = await startServer({ PORT: String(port) }, dataDir);
  for (const till of [a, b]) {
    await until(till.page, 'client-credit', { id: chioma._id }, (c) => c?.balance === 6000, `both sales on ${till.user.username}`);
    await until(till.page, 'sync-pending', {}, (p) => p.pending === 0, `${till.user.username} pushed everything`);
    assert.equal(await drive(till.page, 'client-credit', { id: chioma._id }), { name: 'Chioma', balance: 6000, limit: 5000, left: 0, over: true });
  }
  const docs = await business.owner.call('GET', `/db/oja-${business.id}/_all_docs?include_docs=true`);
  const sales = (docs.body.rows as { doc: { _id: string; stores?: string } }[]).map((r) => r.doc).filter((d) => d.stores === 'sale');
  assert.equal(sales.map((d) => d._id).sort(), [fromA.id, fromB.id].sort(), 'both sales on the server');

  // The cashier's Customers screen: Chioma under Over limit.
  await go(b.page, '/customers');
  await b.page.waitForFunction(() => document.querySelector('[data-testid="badge-over-limit"]')?.textContent === '1');
});

test.run();
