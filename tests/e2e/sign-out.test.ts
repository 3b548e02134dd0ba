/**
 * The shell's Lock and Log out buttons, operated from the keyboard: Tab reaches them, Enter presses them.
 * Log out asks first while changes made on this device have not reached the server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { signedInUser, waitForSynced } from '../support/driver';
import { seedPage } from '../support/seed';
import { loginThroughScreen } from './signin-steps';
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

/** Presses Tab until the element matching `selector` has the focus (at most 40 presses). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * A device of its own (a fresh browser context: its own localStorage and databases). Tests that share one
 * device inherit the previous test's signed-in user, and the login screen of a signed-in device may send the
 * app to the previous user's cashbook before the new login lands: then the page is one business and the test's
 * writes another's.
 */
async function freshDevice() {
  const context = await env.browser.createBrowserContext();
  return { context, page: await context.newPage() };
}

test('Lock from the keyboard goes to the lock screen and the password opens the same page again', async () => {
  const a = await registerBusiness(env.server, { name: 'Keys Shop', owner: 'Tolu Keys' });
  const { context, page } = await freshDevice();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  await page.waitForSelector('[data-testid="lock-button"]');
  await tabTo(page, '[data-testid="lock-button"]');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/authentication/lock');
  assert.is(await page.evaluate(() => localStorage.getItem('oja:last-route')), '/cashbook');
  await fill(page, 'Password', REGISTRATION.password);
  await page.keyboard.press('Enter');
  // The lock screen offers to continue the last session; Enter accepts.
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cashbook');
  await context.close();
});

test('Log out from the keyboard: asks while a change is unpushed (Stay keeps the user), then signs out', async () => {
  const a = await registerBusiness(env.server, { name: 'Out Shop', owner: 'Ngozi Out' });
  const { context, page } = await freshDevice();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  assert.is((await signedInUser(page)).business, a.id, 'the page is the business the test writes to');
  await waitForSynced(page);
  // Stop sync so a new change stays unpushed, then make one through the worker.
  const owner = { username: a.username, fullname: 'Ngozi Out', level: 0 as const, business: a.id, businessName: 'Out Shop', policyPrefix: 'A' };
  const [, , { pending }] = await seedPage(page, owner, [
    ['sync-stop', {}],
    ['client-create', { kind: 'customer', name: 'Unpushed Customer' }],
    ['sync-pending', {}],
  ]);
  assert.ok(pending >= 1, `the change made with sync stopped is unpushed (pending ${pending})`);
  await tabTo(page, '[data-testid="logout-button"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  assert.match(await page.$eval('[data-testid="confirm-dialog"]', (el) => el.textContent ?? ''), /not reached the server yet/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="confirm-dialog"]', { hidden: true });
  assert.is(new URL(page.url()).pathname, '/cashbook');
  assert.ok(await page.evaluate(() => localStorage.getItem('oja:user')));

  await tabTo(page, '[data-testid="logout-button"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/authentication/login');
  assert.is(await page.evaluate(() => localStorage.getItem('oja:user')), null);
  assert.is(await page.evaluate(() => localStorage.getItem('oja:lock')), null);
  await context.close();
});

test.run();
