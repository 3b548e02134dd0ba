/**
 * A session that expires mid-day: the device signs in, the server goes away (the shop's connection drops), sales
 * are made offline, and by the time the server is back the device's AuthSession cookie has expired
 * (SESSION_TIMEOUT=2 on the test server). The worker meets the 401, signs in again with the password it holds
 * from sign-in, and pushes every sale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { drive, startDriver, waitForSynced, signedInUser } from '../support/driver';
import { launchBrowser } from './harness';
import { waitForPath } from './helpers';
import { loginThroughScreen } from './signin-steps';
import { REGISTRATION } from '../support/fixtures';
import { fill } from '../support/fill';
import { setupBusiness } from './business-setup';

const TIMEOUT_S = 2;

let env: Awaited<ReturnType<typeof setupBusiness>>;

test.before(async () => {
  env = await setupBusiness('Expiry Shop', { SESSION_TIMEOUT: String(TIMEOUT_S) });
});
test.after(async () => {
  await env?.teardown();
});

/** The device's AuthSession cookie and the second it was issued (CouchDB's cookie: base64url of name:hexTime:hash). */
async function deviceCookie(page: Page): Promise<{ value: string; issued: number }> {
  const cookie = (await page.cookies(env.server.url)).find((c) => c.name === 'AuthSession');
  assert.ok(cookie, 'the device holds a session cookie');
  const issued = parseInt(Buffer.from(cookie!.value, 'base64url').toString('latin1').split(':')[1], 16);
  return { value: cookie!.value, issued };
}

async function sessionName(cookie: string): Promise<string | null> {
  const res = await fetch(`${env.server.url}/db/_session`, { headers: { Cookie: `AuthSession=${cookie}`, Accept: 'application/json' } });
  return ((await res.json()) as { userCtx: { name: string | null } }).userCtx.name;
}

async function onServer(id: string): Promise<number> {
  return (await env.business.owner.call('GET', `/db/oja-${env.business.id}/${encodeURIComponent(id)}`)).status;
}

test('after the session expired offline, the device signs in again and pushes every sale it holds', async () => {
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
  const me = await signedInUser(page);
  await waitForSynced(page);
  await startDriver(page, me);
  const rice = await drive(page, 'item-create', { name: 'Rice', price: 100, purchasePrice: 80, quantity: 50 });
  await env.server.stop();
  const sales: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const saved = await drive(page, 'sale-create', { customer: { with_account: false, name: `Walk-in ${n}` }, items: [{ id: rice.id, name: 'Rice', price: 100, quantity: n }], amount_paid: 100 * n });
    sales.push(saved.id);
  }
  assert.ok((await drive(page, 'sync-pending', {})).pending >= 5);

  // Offline past the session's life: the cookie the device holds is dead when the server returns.
  const before = await deviceCookie(page);
  const deadline = (before.issued + TIMEOUT_S + 1) * 1000;
  while (Date.now() < deadline) await new Promise((r) => setTimeout(r, deadline - Date.now()));
  await env.startAgain();
  assert.is(await sessionName(before.value), null, "the server refuses the device's old cookie");

  // Every sale reaches the server, and the device counts nothing left to push.
  await page.waitForFunction(
    async () => {
      const w = window as unknown as { __driver: (n: string, i: unknown) => Promise<{ value: { pending: number } }> };
      return (await w.__driver('sync-pending', {})).value.pending === 0;
    },
    { polling: 250 },
  );
  for (const id of sales) assert.is(await onServer(id), 200, `sale ${id} is on the server`);
  const after = await deviceCookie(page);
  assert.ok(after.issued > before.issued, 'the device signed in again (a newer session cookie)');
  assert.ok((await sessionName(after.value))?.endsWith(env.business.username));
});

test('after a restart of the browser the worker holds no password and the device is locked: the lock screen, whose password resumes sync', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'oja-restarted-'));
  let device = await launchBrowser({ profile });
  try {
    let page = await device.newPage();
    await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
    const me = await signedInUser(page);
    await waitForSynced(page);
    await startDriver(page, me);
    await env.server.stop();
    const client = await drive(page, 'client-create', { kind: 'customer', name: 'Made before the restart' });
    const before = await deviceCookie(page);
    // The browser closes (its worker and the password in it are gone); the session expires meanwhile.
    await device.close();
    const deadline = (before.issued + TIMEOUT_S + 1) * 1000;
    while (Date.now() < deadline) await new Promise((r) => setTimeout(r, deadline - Date.now()));
    await env.startAgain();

    device = await launchBrowser({ profile });
    page = await device.newPage();
    // A new browser is a new worker, which starts locked: the lock screen, whatever the address.
    await page.goto(env.server.url + '/cashbook', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('form[aria-label="Quick login"]');
    await waitForPath(page, '/authentication/lock');
    assert.is(await onServer(client._id), 404, 'not pushed without a session');
    await fill(page, 'Password', REGISTRATION.password);
    await page.keyboard.press('Enter');
    // 'Continue your last session?': Enter continues, once focus is inside the dialog.
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/cashbook');
    await waitForSynced(page);
    await startDriver(page, me);
    await page.waitForFunction(
      async () => {
        const w = window as unknown as { __driver: (n: string, i: unknown) => Promise<{ value: { pending: number } }> };
        return (await w.__driver('sync-pending', {})).value.pending === 0;
      },
      { polling: 250 },
    );
    assert.is(await onServer(client._id), 200, 'pushed after the password was given');
  } finally {
    await device.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
});

test.run();
