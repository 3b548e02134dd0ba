/**
 * The quick sale charges VAT as the sale form does (issue 39, item 7): with VAT on at 7.5 %, a quick sale made
 * from the keyboard shows the VAT in its basket and on its receipt, and its Total carries it. On a1cae3b the
 * quick sale ignored the setting: no VAT in the basket, none on the receipt, Total ₦2,000.00.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('a keyboard quick sale with VAT on at 7.5 % shows the VAT in the basket and on its receipt', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await openAs(page, env.server.url, testUser(0, { business: 'biz-quick-vat' }), '/sales/quick', [
    // The receipt is read on the invoice page: 'After a quick sale' on the invoice (the default goes on, issue 39).
    ['config-set', { useVat: true, vatPercentage: 7.5, vatType: 'exclusive', quickSaleAfter: 'invoice' }],
    item('Rice', 1000, 10),
  ]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');

  await typeSlowly(page, 'rice');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Rice × 1']);
  await page.keyboard.press('+');
  await waitBasket(page, ['Rice × 2']);
  // 2 × ₦1,000.00 = ₦2,000.00; VAT 7.5 % = ₦150.00, added: Total ₦2,150.00.
  await page.waitForFunction(() => document.querySelector('[data-testid="quick-vat"]')?.textContent === '₦150.00');
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦2,150.00');

  await page.keyboard.press('F9');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'quick-paid');
  await page.keyboard.type('2150');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice-vat"]');
  const rows = await page.$$eval('.invoice-totals tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.equal(rows.find((r) => r[0]?.startsWith('VAT')), ['VAT (7.5%, exclusive)', '₦150.00']);
  assert.equal(rows.find((r) => r[0] === 'Total'), ['Total', '₦2,150.00']);
  assert.equal(rows.find((r) => r[0] === 'Balance'), ['Balance', '₦0.00']);
  assert.equal(errors, []);
  await page.close();
});

test.run();
