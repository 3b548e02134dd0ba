import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { alertShows, go, loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { fill } from '../support/fill';
import { runReplies, signedInUser } from '../support/driver';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test("lock: the remembered user's name, wrong and right passwords, then set-pin and quick login with the pin", async () => {
  const a = await registerBusiness(env.server, { name: 'Lock Shop', owner: 'Funke Akin' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await go(page, '/authentication/lock');
  await page.waitForSelector('form[aria-label="Quick login"]');
  assert.is(await page.$eval('[data-testid="lock-name"]', (el) => el.textContent), 'Funke Akin');
  assert.ok(await page.$eval('form[aria-label="Quick login"]', (f) => f.textContent?.includes('Not Funke?')));
  await fill(page, 'Password', 'not-it-at-all');
  await page.keyboard.press('Enter');
  await alertShows(page, 'The password you entered is incorrect');
  await fill(page, 'Password', REGISTRATION.password);
  // The success line shows only for a moment before the app moves on: record every text that appears.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
    new MutationObserver(() => document.querySelectorAll('[role="status"]').forEach((el) => seen.push(el.textContent ?? ''))).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cashbook');
  assert.ok(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.includes('Login successful. Just a moment please.')));

  await go(page, '/authentication/set-pin');
  await page.waitForSelector('form[aria-label="Secure your data"]');
  await fill(page, 'Password', 'pin1234');
  await fill(page, 'Confirm password', 'pin1235');
  await page.keyboard.press('Enter');
  await alertShows(page, 'The passwords you entered do not match');
  await fill(page, 'Password', 'pin12');
  await fill(page, 'Confirm password', 'pin12');
  await page.keyboard.press('Enter');
  await alertShows(page, 'Entered password is too short. It must be 6 letters or more');
  await fill(page, 'Password', 'pin1234');
  await fill(page, 'Confirm password', 'pin1234');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cashbook');

  await go(page, '/authentication/lock');
  await page.waitForSelector('form[aria-label="Quick login"]');
  await fill(page, 'Password', REGISTRATION.password);
  await page.keyboard.press('Enter');
  await alertShows(page, 'The password you entered is incorrect');
  // Locked, the worker answers no data command; the pin opens it.
  const user = await signedInUser(page);
  const customers = ['client-list', { kind: 'customer', offset: 0, limit: 10 }] as const;
  const [refused] = await runReplies(page, user, [[...customers]], { unlock: false });
  assert.is(!refused.ok && refused.error.code, 'locked');
  await fill(page, 'Password', 'pin1234');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cashbook');
  const [answered] = await runReplies(page, user, [[...customers]], { unlock: false });
  assert.is(answered.ok, true, 'the pin unlocked the worker');
});

test("change password: the current one is checked; 'Not {name}?' logs out to the login screen", async () => {
  const a = await registerBusiness(env.server, { name: 'Change Shop', owner: 'Musa Bello' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await go(page, '/authentication/change-password');
  await page.waitForSelector('form[aria-label="Change password"]');
  await fill(page, 'Current password', 'wrong-one');
  await fill(page, 'New password', 'newpass99');
  await fill(page, 'Confirm new password', 'newpass99');
  await page.keyboard.press('Enter');
  await alertShows(page, 'The current password is incorrect');
  await fill(page, 'Current password', REGISTRATION.password);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cashbook');

  await go(page, '/authentication/lock');
  await page.waitForSelector('form[aria-label="Quick login"]');
  await page.click('form[aria-label="Quick login"] a');
  await waitForPath(page, '/authentication/login');
  assert.is(await page.evaluate(() => localStorage.getItem('oja:user')), null);
  assert.is(await page.evaluate(() => localStorage.getItem('oja:lock')), null);
  // The new password is the one the server now accepts.
  await loginThroughScreen(page, env.server.url, a.username, 'newpass99');
  await waitForPath(page, '/cashbook');
});

test.run();
