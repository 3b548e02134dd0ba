/**
 * The lock at the counter (issue 39), against the real server with a real account: a pin set on a page that was
 * reloaded since sign-in unlocks (item 4); a quick-sale basket survives the lock, the idle one included (item 3).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { alertShows, go, loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { item, REGISTRATION } from '../support/fixtures';
import { fill } from '../support/fill';
import { signedInUser } from '../support/driver';
import { seedPage } from '../support/seed';
import { typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

/** Types `secret` on the lock screen and presses Enter. */
async function unlockWith(page: Page, secret: string): Promise<void> {
  await page.waitForSelector('form[aria-label="Quick login"]');
  await fill(page, 'Password', secret);
  await page.keyboard.press('Enter');
}

test('a pin set after a reload (typed address) unlocks; the password no longer does', async () => {
  const a = await registerBusiness(env.server, { name: 'Pin Shop', owner: 'Funke Akin' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  // The cashier types the address: a new page, which holds no key of the lock record.
  await page.goto(env.server.url + '/authentication/set-pin', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('form[aria-label="Secure your data"]');
  assert.is(await page.evaluate(() => location.pathname), '/authentication/set-pin');
  await fill(page, 'Current password or pin', 'not-the-password');
  await fill(page, 'Password', '246810');
  await fill(page, 'Confirm password', '246810');
  await page.keyboard.press('Enter');
  await alertShows(page, 'The password you entered is incorrect');
  await fill(page, 'Current password or pin', REGISTRATION.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Your pin has been set.'));
  await waitForPath(page, '/cashbook');

  await page.click('[data-testid="lock-button"]');
  await unlockWith(page, REGISTRATION.password);
  await alertShows(page, 'The password you entered is incorrect');
  await unlockWith(page, '246810');
  await page.waitForFunction(() => !location.pathname.startsWith('/authentication') || !!document.querySelector('[data-testid="confirm-dialog"]'));
  await page.close();
});

/** Unlocks with the password and answers 'Continue your last session?' with Enter (Continue has focus). */
async function unlockAndContinue(page: Page): Promise<void> {
  await unlockWith(page, REGISTRATION.password);
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]') && document.querySelector('[data-testid="confirm-dialog"]')?.textContent?.includes('Continue your last session?'));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/sales/quick');
}

const paidShown = (page: Page) => page.$eval('#quick-paid', (e) => (e as HTMLInputElement).value);

test('two items and the amount paid survive the Lock button and the idle lock', async () => {
  const a = await registerBusiness(env.server, { name: 'Basket Shop', owner: 'Bisi Ade' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await seedPage(page, await signedInUser(page), [item('Agege Bread', 1300, 20), item('Peak Milk', 450, 20)]);
  await go(page, '/sales/quick');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  for (const [typed, name] of [['agege', 'Agege Bread'], ['peak', 'Peak Milk']]) {
    await typeSlowly(page, typed);
    await waitFirstTile(page, name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('+');
  const basket = ['Agege Bread × 1', 'Peak Milk × 2'];
  await waitBasket(page, basket);
  await page.keyboard.press('F9');
  await page.keyboard.type('2000');

  // The Lock button: the quick sale leaves the screen; after the unlock's Continue the basket is as it was.
  await page.click('[data-testid="lock-button"]');
  await unlockAndContinue(page);
  await waitBasket(page, basket);
  assert.is(await paidShown(page), '2000');
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦2,200.00');

  // The idle lock (its time shortened by the test-only key the shell reads when it mounts): the same.
  await page.evaluate(() => localStorage.setItem('oja:test-idle-ms', '3000'));
  await page.click('[data-testid="lock-button"]');
  await unlockAndContinue(page);
  await waitForPath(page, '/authentication/lock');
  await page.evaluate(() => localStorage.removeItem('oja:test-idle-ms'));
  await unlockAndContinue(page);
  await waitBasket(page, basket);
  assert.is(await paidShown(page), '2000');
  await page.close();
});

test.run();
