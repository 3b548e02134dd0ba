/**
 * The device's SMS rule in the browser: a sale with SMS on and no units left is still saved, and the spec's
 * toast 'SMS units has been exhausted' shows at the bottom right, then goes away by itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import { pick } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test("a sale with SMS on and no units is saved; the toast 'SMS units has been exhausted' shows bottom right", async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  // A business with no SMS credit at all (no server has credited it).
  await openAs(page, env.server.url, testUser(0, { business: 'biz-sms-none' }), '/sales/new', [
    ['config-set', { smsOnSale: true }],
    item('Rice', 1000, 10),
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08030000000' }],
  ]);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="customer-card"] input[role="combobox"]');
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', 'Chioma Obi', 'Chioma Obi');
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', 'Rice', 'Rice');
  await page.waitForFunction(() => document.querySelector('[data-testid="sale-row-0"] [data-testid="available"]')?.textContent === '10');
  await fill(page, { selector: 'input[name="amount_paid"]' }, '1000');
  await page.click('button[type="submit"]');

  const toast = await page.waitForSelector('.toast');
  assert.is(await toast!.evaluate((e) => e.textContent), 'SMS units has been exhausted');
  const box = await toast!.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { right: innerWidth - r.right, bottom: innerHeight - r.bottom };
  });
  assert.ok(box.right >= 0 && box.right < 40 && box.bottom >= 0 && box.bottom < 40, JSON.stringify(box));
  // The sale itself went through.
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('.toast', { hidden: true });
  assert.equal(errors, []);
  await page.close();
});

test.run();
