/**
 * Share on WhatsApp (issue 29): on a sale's invoice, a payment receipt and a customer's statement, the link
 * opens the customer's chat (E.164 digits, no +) with the business, the document, its figures as printed and
 * the owner's thank-you line. The link is read, not followed: nothing leaves 127.0.0.1.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { formatDate } from '../../commands/lib/dates';
import { setup, watchErrors } from './harness';
import { item, testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { seedPage } from '../support/seed';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const OWNER = testUser(0, { business: 'biz-share', businessName: 'Mama Ngozi Provisions' });
const THANKS = 'E se! Come again.';

async function link(page: Page): Promise<{ number: string; text: string; href: string }> {
  const href = await page.$eval('[data-testid="share-whatsapp"]', (a) => (a as HTMLAnchorElement).href);
  const url = new URL(href);
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '', href };
}

test('a sale, its payment receipt and the statement share to the customer by WhatsApp', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await openAs(page, env.server.url, null, '/not-found');
  const [rice, beans, chioma] = await seedPage(page, OWNER, [
    item('Rice', 1500, 20),
    item('Beans', 800, 20),
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '0803 000 0000' }],
    ['config-set', { shareThanks: THANKS }],
  ]);
  const [sale, payment] = await seedPage(page, OWNER, [
    [
      'sale-create',
      {
        customer: { with_account: true, name: 'Chioma Obi', phone_number: '08030000000', account_ref: chioma._id },
        items: [
          { id: rice.id, name: 'Rice', price: 1500, quantity: 2 },
          { id: beans.id, name: 'Beans', price: 800, quantity: 1 },
        ],
        amount_paid: 3000,
        confirmDebt: true,
      },
    ],
    ['payment-create', { kind: 'customer', client: chioma._id, factor: -1, amount: 500, medium: 'cash' }],
  ]);
  const today = formatDate(Date.now());

  await openAs(page, env.server.url, OWNER, `/sales/invoice/${sale.id}`);
  await page.waitForSelector('[data-testid="invoice"]');
  const onSale = await link(page);
  assert.ok(onSale.href.startsWith('https://wa.me/2348030000000?text='), onSale.href);
  assert.is(onSale.number, '2348030000000');
  assert.is(
    onSale.text,
    ['Mama Ngozi Provisions', `Invoice ${sale.invoice_number}, ${today}`, 'Total: ₦3,800.00', 'Amount paid: ₦3,000.00', 'Balance: ₦800.00 (you owe)', THANKS].join('\n'),
  );
  // Opened beside the app, never in its place.
  assert.is(await page.$eval('[data-testid="share-whatsapp"]', (a) => a.getAttribute('target')), '_blank');

  await openAs(page, env.server.url, OWNER, `/payment/invoice/${payment.id}`);
  await page.waitForSelector('[data-testid="receipt"]');
  const onReceipt = await link(page);
  assert.is(onReceipt.number, '2348030000000');
  assert.is(
    onReceipt.text,
    ['Mama Ngozi Provisions', `Payment receipt, ${today}`, 'Received from Chioma Obi', 'Amount: ₦500.00', 'Balance: ₦300.00 (you owe)', THANKS].join('\n'),
  );

  await openAs(page, env.server.url, OWNER, `/customer/${chioma._id}`);
  await page.waitForSelector('[data-testid="statement-ends"]');
  const onStatement = await link(page);
  assert.is(onStatement.number, '2348030000000');
  assert.match(onStatement.text, /^Mama Ngozi Provisions\nStatement of Chioma Obi, .+ to .+\nOpening balance: ₦0\.00\nClosing balance: ₦300\.00 \(you owe\)\nE se! Come again\.$/);
  assert.equal(errors, []);
  await page.close();
});

test('a walk-in sale without a phone number opens WhatsApp with the text alone', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, null, '/not-found');
  const [rice] = await seedPage(page, OWNER, [item('Rice', 1500, 20)]);
  const [sale] = await seedPage(page, OWNER, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in customer' }, items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 1 }], amount_paid: 2000 }],
  ]);
  await openAs(page, env.server.url, OWNER, `/sales/invoice/${sale.id}`);
  const { number, text, href } = await link(page);
  assert.is(number, '', href);
  assert.match(text, /\nTotal: ₦1,500\.00\nAmount paid: ₦1,500\.00\nBalance: ₦0\.00\n/);
  await page.close();
});

test.run();
