/** A sales agent's delete under review marks the sale; the admin sees the banner and accepts; the sale is gone. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const ADMIN = testUser(0, { business: 'biz-del' });
const AGENT = testUser(3, { business: 'biz-del' });

test('delete under review: marked by the agent, accepted by the admin', async () => {
  const page = await env.browser.newPage();
  // Seed while no user is on the device, so only the seeding worker holds the business's databases.
  await openAs(page, env.server.url, null, '/not-found');
  await seedPage(page, ADMIN, [['config-set', { deletePolicy: 'all', reviewDelete: 'admin' }], item('Rice', 1000, 10)]);
  const found = await seedPage(page, AGENT, [['item-search', { query: 'Rice' }]]);
  const riceId = found[0].rows[0]._id;
  const [saved] = await seedPage(page, AGENT, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: riceId, name: 'Rice', price: 1000, quantity: 2 }], amount_paid: 2000 }],
  ]);

  await openAs(page, env.server.url, AGENT, `/sales/invoice/${saved.id}`, []);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="invoice"]');
  await clickText(page, 'Delete');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  const confirm = await page.$eval('[data-testid="confirm-dialog"]', (e) => e.textContent ?? '');
  assert.ok(confirm.includes('Are you sure?') && confirm.includes('You might not be able to revert this!') && confirm.includes('Yes, delete it!'));
  await clickText(page, 'Yes, delete it!');
  await page.waitForSelector('[data-testid="pending-banner"]');
  assert.ok((await page.$eval('[data-testid="pending-banner"]', (e) => e.textContent ?? '')).includes('This transaction has been marked for deleting'));
  assert.not.ok(await page.$('[data-testid="pending-banner"] button'), 'the agent cannot accept');
  assert.equal(errors, []);

  await openAs(page, env.server.url, ADMIN, `/sales/invoice/${saved.id}`, []);
  await page.waitForSelector('[data-testid="pending-banner"] button');
  await clickText(page, 'Accept');
  await clickText(page, 'Yes, delete it!');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-dialog"]')?.textContent?.includes('Deleted!'));
  assert.ok((await page.$eval('[data-testid="alert-dialog"]', (e) => e.textContent ?? '')).includes('Your file has been deleted.'));
  await page.waitForFunction(() => location.pathname === '/sales');
  // Stock is back and the invoice is gone.
  await page.goto(`${env.server.url}/sales/invoice/${saved.id}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => location.pathname === '/not-found');
  await openAs(page, env.server.url, null, '/not-found');
  const [after] = await seedPage(page, ADMIN, [['item-search', { query: 'Rice' }]]);
  assert.is(after.rows[0].balance, 10);
  await page.close();
});

test.run();
