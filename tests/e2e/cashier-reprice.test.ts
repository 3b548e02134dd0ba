/**
 * Issue 36, finding 1, as the owner and their cashier lived it: two browser profiles against the real server.
 * The owner sells a ₦75,000 generator on their laptop; the cashier's till receives the sale but offers no Edit,
 * the edit page says it cannot be edited, and a direct database write from the cashier's browser changing the
 * price (or the amount paid) is refused by the server's gate. The owner's sale stays as sold. On a1cae3b the
 * cashier repriced it to ₦100 and the owner's laptop showed the ₦100 invoice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './harness';
import { loginThroughScreen } from './signin-steps';
import { drive, signedInUser, startDriver } from '../support/driver';
import { REGISTRATION } from '../support/fixtures';
import { addStaff } from '../server/helpers';
import { setupBusiness } from './business-setup';

let env: Awaited<ReturnType<typeof setupBusiness>>;
test.before(async () => {
  env = await setupBusiness('Reprice Shop');
});
test.after(async () => {
  await env?.teardown();
});

async function until<T>(what: string, read: () => Promise<T | undefined | null>, ms = 60000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test("a cashier cannot reprice the owner's sale: no Edit, the edit page refuses, the server refuses a direct write", async () => {
  const { business, server } = env;
  const main = `/db/oja-${business.id}`;
  // Editable invoices on: what stops the cashier is who made the sale, not the switch.
  const shared = `/db/oja-${business.id}-shared`;
  const setting = await business.owner.call('GET', `${shared}/config-editableInvoice`);
  assert.is((await business.owner.call('PUT', `${shared}/config-editableInvoice`, { ...setting.body, value: true })).status, 201);
  const cashier = await addStaff(business.owner, business.id, 'Tayo Cashier', 3);

  // The owner's laptop: signed in, syncing, sells the generator on credit (₦4,000 paid).
  const owner = await env.browser.newPage();
  await loginThroughScreen(owner, server.url, business.username, REGISTRATION.password);
  await startDriver(owner, business.user);
  await drive(owner, 'sync-start', { remote: `${server.url}/db`, username: business.username, password: REGISTRATION.password });
  const item = await drive(owner, 'item-create', { name: 'Generator', price: 75000, purchasePrice: 60000, quantity: 5 });
  const sale = await drive(owner, 'sale-create', {
    customer: { with_account: false, name: 'Walk-in' },
    items: [{ id: item.id, name: 'Generator', quantity: 1, price: 75000 }],
    amount_paid: 4000,
    confirmDebt: true,
  });
  await until('the sale reaching the server', async () => (await business.owner.call('GET', `${main}/${sale.id}`)).status === 200);

  // The cashier's till, a second browser profile.
  const second = await launchBrowser();
  try {
    const page = await second.newPage();
    await loginThroughScreen(page, server.url, cashier.username, 'staffpass');
    await page.waitForFunction(() => !location.pathname.startsWith('/authentication'));
    const me = await signedInUser(page);
    assert.is(me.level, 3);
    await startDriver(page, me);
    const view = await until('the sale reaching the till', () => drive(page, 'sale-get', { id: sale.id }).catch(() => null));
    assert.is(view.canEdit, false);

    // The invoice offers Print but no Edit; the edit page itself refuses.
    await page.goto(`${server.url}/sales/invoice/${sale.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.actions .btn-primary');
    assert.is(await page.$(`a[href="/sales/invoice/${sale.id}/edit"]`), null, 'no Edit on the owner’s sale');
    await page.goto(`${server.url}/sales/invoice/${sale.id}/edit`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[role="alert"]');
    assert.match(await page.$eval('[role="alert"]', (e) => e.textContent ?? ''), /cannot be edited/);

    // A direct write from the cashier's browser, with the cashier's own session: the gate refuses it.
    // (No named functions inside evaluate: the test runner's transform would name them with a helper the page lacks.)
    const answers = await page.evaluate(async (path: string) => {
      const doc = await (await fetch(path, { headers: { Accept: 'application/json' } })).json();
      const out: [number, string][] = [];
      for (const changed of [{ items: [{ ...doc.items[0], price: 100 }], total_due: 100 }, { amount_paid: 1 }]) {
        const res = await fetch(path, { method: 'PUT', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ ...doc, ...changed }) });
        out.push([res.status, (await res.json()).reason]);
      }
      return out;
    }, `${main}/${sale.id}`);
    for (const [status, reason] of answers) {
      assert.is(status, 403);
      assert.is(reason, 'Only the owner or a manager can change a sale or purchase someone else made.');
    }
  } finally {
    await second.close();
  }

  // The owner's sale is as sold, on the server and on the owner's laptop.
  const stored = (await business.owner.call('GET', `${main}/${sale.id}`)).body;
  assert.equal([stored.items[0].price, stored.total_due, stored.amount_paid], [75000, 75000, 4000]);
  const mine = await drive(owner, 'sale-get', { id: sale.id });
  assert.equal([mine.sale.items[0].price, mine.sale.amount_paid], [75000, 4000]);
  await owner.close();
});

test.run();
