/**
 * Buy SMS from /settings with the fake payment provider: the modal's prices, a declined payment (the spec's
 * failure text, nothing credited), then a paid one whose units the server credits and sync brings down.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { go, loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup({ PAYMENT_PROVIDER: 'fake' });
});
test.after(async () => {
  await env?.teardown();
});

const text = (page: Page, testId: string) => page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');

async function answerTestPayment(page: Page, key: 'Enter' | 'Escape') {
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid="confirm-dialog"]')?.textContent?.includes('Test payment'));
  await page.keyboard.press(key);
  await page.waitForSelector('[data-testid="confirm-dialog"]', { hidden: true });
}

test('buying 300 units raises the balance by 303; a declined payment credits nothing', async () => {
  const a = await registerBusiness(env.server, { name: 'Buy Sms Shop' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  await go(page, '/settings');
  await page.waitForFunction(() => document.querySelector('[data-testid="settings-sms-balance"]')?.textContent === '10');

  await page.click('[data-testid="buy-sms"]');
  await page.waitForSelector('[data-testid="buy-sms-modal"]');
  assert.is(await page.$eval('[data-testid="buy-sms-modal"] input[type="number"]', (el) => (el as HTMLInputElement).value), '200');
  assert.is(await text(page, 'sms-unit-price'), '₦2.30');
  assert.is(await text(page, 'sms-total'), '₦460.00');
  await fill(page, 'Quantity', '149', '[data-testid="buy-sms-modal"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="sms-total"]')?.textContent === '');
  await page.click('[data-testid="buy-sms-modal"] button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="buy-sms-modal"] [role="alert"]')?.textContent === 'You can only buy a minimum of 150 units');
  await fill(page, 'Quantity', '300', '[data-testid="buy-sms-modal"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="sms-total"]')?.textContent === '₦690.00');
  assert.is(await text(page, 'sms-bonus'), '1.2% (3 units)');

  await page.click('[data-testid="buy-sms-modal"] button[type="submit"]');
  await answerTestPayment(page, 'Escape');
  await page.waitForFunction(() => document.querySelector('[data-testid="buy-sms-modal"] [role="alert"]')?.textContent === 'The payment failed and was not recorded. Please contact admin.');

  await page.click('[data-testid="buy-sms-modal"] button[type="submit"]');
  await answerTestPayment(page, 'Enter');
  await page.waitForSelector('[data-testid="buy-sms-modal"]', { hidden: true });
  await page.waitForFunction(() => document.querySelector('[data-testid="sms-card"] [role="status"]')?.textContent?.startsWith('303 units were added'));
  await page.waitForFunction(() => document.querySelector('[data-testid="settings-sms-balance"]')?.textContent === '313');
  await page.close();
});

test.run();
