/**
 * Lock locks (issue 25, finding 4): once the device is locked, every way back in lands on
 * /authentication/lock and shows no business data — the browser's Back button, a typed address, a new tab, a
 * reload, a tab that was already open, and a browser restart (a new worker starts locked) — and the worker
 * answers no data command from any tab until the password unlocks it. The business is a real one on the real
 * server, signed in through the login screen, so the lock record is the one a person's sign-in writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SessionUser } from '../../commands/session';
import { launchBrowser, setup } from './harness';
import { waitForPath, watchForText } from './helpers';
import { go, loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { runReplies, signedInUser } from '../support/driver';
import { fill } from '../support/fill';
import { REGISTRATION } from '../support/fixtures';
import { seedPage } from '../support/seed';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const CUSTOMER = 'Kunle Secretcustomer';
const ITEM = 'Secretbrand Rice';
const LOCK = '/authentication/lock';

/** Signs in through the login screen (lock record written) and seeds a customer and an item on the device. */
async function signInWithData(page: Page, shop: string): Promise<SessionUser> {
  const a = await registerBusiness(env.server, { name: shop, owner: 'Bisi Locke' });
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  const user = await signedInUser(page);
  await seedPage(page, user, [
    ['client-create', { kind: 'customer', name: CUSTOMER }],
    ['item-create', { name: ITEM, price: 900, purchasePrice: 700, quantity: 3 }],
  ]);
  return user;
}

const bodyHas = (page: Page, text: string) => page.waitForFunction((t) => document.body.textContent?.includes(t), {}, text);

/**
 * From the next document this page loads on, notes whether either secret ever shows (the observer runs before the
 * app's scripts, so a frame of data before a redirect counts too). Read with `secretsShown(page)`.
 */
async function watchSecretsOnLoad(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(
    (texts: string[]) => {
      const w = window as unknown as { __secretsShown: boolean };
      w.__secretsShown = false;
      const check = () => {
        const text = document.documentElement?.textContent ?? '';
        if (texts.some((t) => text.includes(t))) w.__secretsShown = true;
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    },
    [CUSTOMER, ITEM],
  );
}

const secretsShown = (page: Page) => page.evaluate(() => (window as unknown as { __secretsShown?: boolean }).__secretsShown === true);

/** On the lock screen (its form drawn), with no menu and neither secret on it. */
async function assertLocked(page: Page, how: string): Promise<void> {
  await page.waitForSelector('form[aria-label="Quick login"]');
  await waitForPath(page, LOCK);
  assert.is(await page.$('[data-testid="menu"]'), null, `${how}: no menu`);
  const text = await page.evaluate(() => document.body.textContent ?? '');
  assert.not.ok(text.includes(CUSTOMER) || text.includes(ITEM), `${how}: no business data on the lock screen`);
}

/** The worker's answer to a data command from this page, connecting without unlocking. */
async function dataReply(page: Page, user: SessionUser) {
  const [reply] = await runReplies(page, user, [['client-list', { kind: 'customer', offset: 0, limit: 10 }]], { unlock: false });
  return reply as { ok: boolean; error?: { code: string; message: string } };
}

async function unlockWith(page: Page, password: string): Promise<void> {
  await fill(page, 'Password', password);
  await page.keyboard.press('Enter');
}

test('after Lock: Back, a typed address, a reload and a new tab all land on the lock screen; the worker refuses data until the password', async () => {
  const context = await env.browser.createBrowserContext();
  const page = await context.newPage();
  const user = await signInWithData(page, 'Back Shop');
  await go(page, '/customers');
  await bodyHas(page, CUSTOMER);
  await go(page, '/store');
  await bodyHas(page, ITEM);

  await page.click('[data-testid="lock-button"]');
  await assertLocked(page, 'Lock');

  // Back: the history entry of /store comes back, and the app sends it to the lock screen without drawing it.
  const seen = await watchForText(page, ITEM);
  await page.evaluate(() => {
    (window as unknown as { __popped: boolean }).__popped = false;
    addEventListener('popstate', () => ((window as unknown as { __popped: boolean }).__popped = true));
  });
  await page.goBack();
  await page.waitForFunction(() => (window as unknown as { __popped: boolean }).__popped);
  await assertLocked(page, 'Back');
  assert.not.ok(await seen(), 'Back: the store list never showed');
  // Back once more (to /customers), likewise.
  const seenCustomer = await watchForText(page, CUSTOMER);
  await page.goBack();
  await assertLocked(page, 'Back twice');
  assert.not.ok(await seenCustomer(), 'Back twice: the customers list never showed');

  // A typed address: a new document of the same tab.
  await watchSecretsOnLoad(page);
  await page.goto(env.server.url + '/customers', { waitUntil: 'domcontentloaded' });
  await assertLocked(page, 'typed /customers');
  await page.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await assertLocked(page, 'typed /store');
  assert.not.ok(await secretsShown(page), 'typed /store: no frame of data');
  // A reload.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await assertLocked(page, 'reload');
  assert.not.ok(await secretsShown(page), 'reload: no frame of data');

  // A new tab of the same browser, straight to a data page.
  const tab = await context.newPage();
  await watchSecretsOnLoad(tab);
  await tab.goto(env.server.url + '/customers', { waitUntil: 'domcontentloaded' });
  await assertLocked(tab, 'new tab');
  assert.not.ok(await secretsShown(tab), 'new tab: no frame of data');

  // The worker itself refuses, whichever tab asks.
  const refused = await dataReply(tab, user);
  assert.is(refused.ok, false, 'a data command is refused while locked');
  assert.is(refused.error?.code, 'locked');
  assert.ok(refused.error?.message, 'with a message');

  // The password opens it; this tab continues on its own last route, and the worker answers again.
  await page.bringToFront();
  await unlockWith(page, REGISTRATION.password);
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/store');
  await bodyHas(page, ITEM);
  assert.is((await dataReply(page, user)).ok, true, 'a data command answers after unlock');
  await context.close();
});

test('Lock in one tab locks every tab of the business; unlocking in one brings the others back to where they were', async () => {
  const context = await env.browser.createBrowserContext();
  const first = await context.newPage();
  await signInWithData(first, 'Tabs Shop');
  const second = await context.newPage();
  await second.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await bodyHas(second, ITEM);
  await go(second, '/customers');
  await bodyHas(second, CUSTOMER);

  await first.bringToFront();
  await first.click('[data-testid="lock-button"]');
  await assertLocked(first, 'the tab that locked');
  await second.bringToFront();
  await assertLocked(second, 'the other tab');
  // Its Back (to /store) and a reload land on the lock screen too.
  const seen = await watchForText(second, ITEM);
  await second.goBack();
  await assertLocked(second, 'the other tab, Back');
  assert.not.ok(await seen(), 'Back: the store list never showed');
  await watchSecretsOnLoad(second);
  await second.reload({ waitUntil: 'domcontentloaded' });
  await assertLocked(second, 'the other tab, reload');
  assert.not.ok(await secretsShown(second));

  await first.bringToFront();
  await unlockWith(first, REGISTRATION.password);
  await first.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await first.keyboard.press('Enter');
  await waitForPath(first, '/cashbook');
  // The other tab was last sent to the lock screen from /store (its reload kept that): back to /store.
  await second.bringToFront();
  await waitForPath(second, '/store');
  await bodyHas(second, ITEM);
  await context.close();
});

test('a tab that left the app unlocked and comes back by a typed address after another tab locked lands on the lock screen', async () => {
  const context = await env.browser.createBrowserContext();
  const away = await context.newPage();
  await signInWithData(away, 'Away Shop');
  await go(away, '/store');
  await bodyHas(away, ITEM);
  const other = await context.newPage();
  await other.goto(env.server.url + '/customers', { waitUntil: 'domcontentloaded' });
  await bodyHas(other, CUSTOMER);
  // The first tab goes to another page (unlocked as it leaves); the other tab locks; the first comes back typed.
  await away.goto(env.server.url + '/worker.js', { waitUntil: 'domcontentloaded' });
  await other.click('[data-testid="lock-button"]');
  await assertLocked(other, 'the tab that locked');
  await away.bringToFront();
  await watchSecretsOnLoad(away);
  await away.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await assertLocked(away, 'typed back after the lock');
  assert.not.ok(await secretsShown(away), 'no frame of data');
  // Every tab closed after the lock (the locked worker ends with them): still the lock screen.
  await away.goto(env.server.url + '/worker.js', { waitUntil: 'domcontentloaded' });
  await other.close();
  await away.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await assertLocked(away, 'typed back after every tab closed');
  assert.not.ok(await secretsShown(away), 'no frame of data');
  await context.close();
});

test('unlocked, a reload and a typed address stay in the app; a browser restart opens on the lock screen with no data, and the password opens it', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'oja-lock-restart-'));
  let browser = await launchBrowser({ profile });
  try {
    let page = await browser.newPage();
    const user = await signInWithData(page, 'Restart Shop');
    await go(page, '/customers');
    await bodyHas(page, CUSTOMER);
    // The only tab's reload starts a new worker (Chromium ends one no page holds), yet an unlocked tab stays so.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await bodyHas(page, CUSTOMER);
    assert.is(await page.evaluate(() => location.pathname), '/customers');
    await page.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
    await bodyHas(page, ITEM);
    assert.is(await page.evaluate(() => location.pathname), '/store');
    await go(page, '/customers');
    await bodyHas(page, CUSTOMER);
    // Closed without locking, as a till is switched off at night.
    await browser.close();

    browser = await launchBrowser({ profile });
    page = await browser.newPage();
    await watchSecretsOnLoad(page);
    await page.goto(env.server.url + '/customers', { waitUntil: 'domcontentloaded' });
    await assertLocked(page, 'restart');
    assert.not.ok(await secretsShown(page), 'restart: no frame of data');
    const refused = await dataReply(page, user);
    assert.is(refused.error?.code, 'locked', 'the new worker starts locked');

    await unlockWith(page, 'not-the-password');
    await page.waitForFunction(() => [...document.querySelectorAll('[role="alert"]')].some((a) => a.textContent === 'The password you entered is incorrect'));
    assert.is((await dataReply(page, user)).ok, false, 'a wrong password opens nothing');
    await unlockWith(page, REGISTRATION.password);
    // 'Continue your last session?' offers the address the restart was opened on.
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/customers');
    await bodyHas(page, CUSTOMER);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
});

test.run();
