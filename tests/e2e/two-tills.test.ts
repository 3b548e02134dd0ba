/**
 * Two tills, one day offline: the owner on one browser profile and a sales agent on another sell from the same
 * stock to the same customers while the server is stopped, 200 sales each through the app's own worker
 * (tests/support/driver.ts), then the server comes back and both reconnect. Afterwards: 400 distinct invoice
 * numbers, every sale on the server exactly once (no conflicts), and stock and customer balances the same on
 * both devices and on the server (computed there from the documents themselves).
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import type { Args, CommandName, Result } from '../../commands/index';
import type { SessionUser } from '../../commands/session';
import { drive, startDriver, type Call, signedInUser } from '../support/driver';
import { seedPage } from '../support/seed';
import { launchBrowser, startServer, type TestServer } from './harness';
import { loginThroughScreen } from './signin-steps';
import { Client, registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';

const PER_TILL = 200;
const ITEMS = ['Rice', 'Beans', 'Garri', 'Sugar', 'Salt', 'Oil'];
const START_STOCK = 1000;
const CUSTOMERS = ['Chioma', 'Musa', 'Bola'];

let server: TestServer;
const browsers: Browser[] = [];
let business: { id: string; username: string; owner: Client };

test.before(async () => {
  server = await startServer();
  business = await registerBusiness(server, { name: 'Two Tills Shop' });
  browsers.push(await launchBrowser(), await launchBrowser());
});
test.after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function signIn(browser: Browser, username: string, password: string): Promise<{ page: Page; user: SessionUser }> {
  const page = await browser.newPage();
  await loginThroughScreen(page, server.url, username, password);
  const user = await signedInUser(page);
  await startDriver(page, user);
  return { page, user };
}

/**
 * Asks the page's worker every 250 ms until `check` holds on its answer (a condition, never a fixed wait). The
 * limit only bounds a failure: sync after the restart took 20 s at load 5 and 60 s at load 35 on 2 cores.
 */
async function until<K extends CommandName>(page: Page, name: K, input: Args<K>, check: (value: Result<K>) => boolean, what: string): Promise<Result<K>> {
  const limit = Date.now() + 240_000;
  for (;;) {
    const value = await drive(page, name, input);
    if (check(value)) return value;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Doc = { _id: string; stores?: string; invoice_number?: string; total_due?: number; amount_paid?: number; customer?: { account_ref?: string }; id?: string; quantity?: number; item?: { id: string }; _conflicts?: string[] };

async function serverDocs(): Promise<Doc[]> {
  const res = await business.owner.call('GET', `/db/oja-${business.id}/_all_docs?include_docs=true&conflicts=true`);
  assert.is(res.status, 200);
  return (res.body.rows as { doc: Doc }[]).map((r) => r.doc).filter((d) => !d._id.startsWith('_design/'));
}

test('two tills sell 200 each offline; after reconnecting the server and both devices agree', async () => {
  const staff = await business.owner.call('POST', `/api/users/${business.id}`, { full_name: 'Tolu Till', email: 'tolu@example.com', phone_number: '08055557777', password: 'tolupass1', role: JSON.stringify({ level: 3 }) }, true);
  assert.is(staff.status, 201, JSON.stringify(staff.body));
  const a = await signIn(browsers[0], business.username, REGISTRATION.password);
  const b = await signIn(browsers[1], staff.body.username, 'tolupass1');

  // The morning: the owner stocks the shop and opens customer accounts; the second till receives them.
  const itemIds: string[] = [];
  for (const name of ITEMS) itemIds.push((await drive(a.page, 'item-create', { name, price: 50, purchasePrice: 40, quantity: START_STOCK })).id);
  const customerIds: string[] = [];
  for (const name of CUSTOMERS) customerIds.push((await drive(a.page, 'client-create', { kind: 'customer', name }))._id);
  await until(b.page, 'stock-balances', { ids: itemIds }, (rows) => rows.every((r) => r.balance === START_STOCK), 'the stock on the second till');
  await until(b.page, 'client-get', { id: customerIds[customerIds.length - 1] }, (c) => !!c, 'the customers on the second till');
  for (const till of [a, b]) await until(till.page, 'sync-pending', {}, (p) => p.pending === 0, 'the morning pushed');

  // The day: the server is gone; each till sells 200 times (1 to 3 lines, partly on credit).
  const { port, dataDir } = server;
  await server.stop();
  const salesOf = (till: number): Call[] =>
    Array.from({ length: PER_TILL }, (_, n) => {
      const lines = 1 + ((n + till) % 3);
      const items = Array.from({ length: lines }, (_, l) => {
        const i = (n * 7 + l * 3 + till) % ITEMS.length;
        return { id: itemIds[i], name: ITEMS[i], price: 50, quantity: 1 + ((n + l) % 2) };
      });
      const total = items.reduce((s, l) => s + l.price * l.quantity, 0);
      const c = (n + till) % CUSTOMERS.length;
      const customer = { with_account: true, name: CUSTOMERS[c], account_ref: customerIds[c] };
      return ['sale-create', { customer, items, amount_paid: n % 4 === 0 ? total - 25 : total, confirmDebt: true }];
    });
  const plans = [salesOf(0), salesOf(1)];
  // seedPage throws at the first sale a till refused.
  const replies = await Promise.all([seedPage(a.page, a.user, plans[0]), seedPage(b.page, b.user, plans[1])]);
  const saved = replies.flat() as { id: string; invoice_number: string }[];
  const expectedLines = plans.flat().reduce((s, [, input]) => s + (input as { items: unknown[] }).items.length, 0);

  // Evening: the server is back; both tills reconnect on their own.
  server = await startServer({ PORT: String(port) }, dataDir);
  for (const till of [a, b]) {
    await until(till.page, 'sales-list', { offset: 0, limit: 1 }, (p) => p.total === expectedLines, `all ${expectedLines} sale lines on ${till.user.username}`);
    await until(till.page, 'sync-pending', {}, (p) => p.pending === 0, `${till.user.username} pushed everything`);
  }

  const docs = await serverDocs();
  const sales = docs.filter((d) => d.stores === 'sale');
  assert.is(sales.length, 2 * PER_TILL, 'every sale on the server');
  assert.equal(new Set(sales.map((d) => d._id)), new Set(saved.map((s) => s.id)), 'exactly the sales the tills made');
  assert.is(new Set(sales.map((d) => d.invoice_number)).size, 2 * PER_TILL, '400 distinct invoice numbers');
  assert.equal(new Set(saved.map((s) => s.invoice_number)), new Set(sales.map((d) => d.invoice_number)));
  assert.equal(docs.filter((d) => d._conflicts?.length).map((d) => d._id), [], 'no conflicts');
  assert.is(docs.filter((d) => d.stores === 'sale_item').length, expectedLines);

  // Stock on the server, from its documents: starting stock minus every sale line.
  const serverStock = itemIds.map((id) => {
    const start = docs.filter((d) => d.stores === 'stock' && d.item?.id === id).reduce((s, d) => s + (d.quantity ?? 0), 0);
    const sold = docs.filter((d) => d.stores === 'sale_item' && d.id === id).reduce((s, d) => s + (d.quantity ?? 0), 0);
    return start - sold;
  });
  // What each customer owes, from the server's sale documents.
  const serverOwed = customerIds.map((id) => sales.filter((d) => d.customer?.account_ref === id).reduce((s, d) => s + (d.total_due ?? 0) - (d.amount_paid ?? 0), 0));
  assert.ok(serverOwed.every((o) => o > 0), 'every customer owes something (the test would prove little otherwise)');

  for (const till of [a, b]) {
    const stock = await drive(till.page, 'stock-balances', { ids: itemIds });
    assert.equal(itemIds.map((id) => stock.find((r) => r.id === id)?.balance), serverStock, `stock on ${till.user.username}`);
    const clients = await drive(till.page, 'client-list', { kind: 'customer', offset: 0, limit: 50 });
    assert.equal(
      customerIds.map((id) => Math.abs(clients.rows.find((r) => r._id === id)?.balance ?? NaN)),
      serverOwed,
      `customer balances on ${till.user.username}`,
    );
  }
});

test.run();
