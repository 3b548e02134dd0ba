/**
 * The SMS log end to end: a sale with SMS on, made in the browser of a registered business, is sent by the
 * server's dispatcher (log provider, the default) and shows in the SMS log (reached by its link) as Sent, with
 * the unit balance down by the message's units and this month's units spent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsBalance } from '../../commands/sms';
import { REGISTRATION } from '../support/fixtures';
import { drive, startDriver } from '../support/driver';
import { watchErrors } from './harness';
import { go, loginThroughScreen } from './signin-steps';
import { setupBusiness } from './business-setup';

let env: Awaited<ReturnType<typeof setupBusiness>>;

test.before(async () => {
  env = await setupBusiness('Sms Log Shop');
});
test.after(async () => {
  await env?.teardown();
});

test('a sale with SMS on is sent by the server and listed in the SMS log; the balance drops by its units', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
  const { user } = env.business;
  await startDriver(page, user);
  // The 10 units of a new business arrive by sync as the server's credit.
  await page.waitForFunction(
    () => (window as unknown as { __driver: (n: string, i: unknown) => Promise<{ value?: SmsBalance }> }).__driver('sms-balance', {}).then((r) => r.value?.balance === 10),
    { polling: 200 },
  );
  await drive(page, 'config-set', { smsOnSale: true, smsSaleTemplate: 'Thank you for buying :items. Total :total on :date.' });
  const rice = await drive(page, 'item-create', { name: 'Rice', price: 1500, purchasePrice: 1000, quantity: 20 });
  const chioma = await drive(page, 'client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08030000000' });
  const sale = await drive(page, 'sale-create', {
    customer: { with_account: true, name: chioma.name, phone_number: '08030000000', account_ref: chioma._id },
    items: [{ id: rice.id, name: 'Rice', price: 1500, quantity: 2 }],
    amount_paid: 3000,
  });
  assert.ok(sale.sms, 'the sale queued its SMS');

  // Reached from Settings.
  await go(page, '/settings');
  await page.click('[data-testid="sms-log-link"]');
  await page.waitForSelector('[data-testid="sms-log"]');
  // Sent only once the server's dispatcher has sent it and the outcome has synced back.
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="sms-table"] tbody tr')].some((tr) => tr.textContent?.includes('+2348030000000') && tr.textContent.includes('Sent')),
    { polling: 'mutation' },
  );
  const row = await page.$$eval('[data-testid="sms-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
  assert.is(row.length, 1);
  const [, , recipient, message, units, status, reason] = row[0];
  assert.equal([recipient, units, status, reason], ['+2348030000000', '1', 'Sent', '']);
  assert.match(message ?? '', /^Thank you for buying Rice\. Total ₦3,000\.00 on \d{4}\/\d{2}\/\d{2}\.$/);
  assert.is(await page.$eval('[data-testid="sms-balance"]', (e) => e.textContent), '9');
  assert.is(await page.$eval('[data-testid="sms-spent-month"]', (e) => e.textContent), '1');
  // The server agrees: it sent one unit's worth.
  assert.equal((await env.business.owner.call('GET', `/api/sms/${env.business.id}`)).body, { balance: 9, credits: 10, spent: 1 });
  assert.match(env.server.log(), new RegExp(`SMS "${sale.sms}" from "Sms Log Sho" to "\\+2348030000000": "Thank you for buying Rice`));
  assert.equal(errors, []);
  await page.close();
});

test.run();
