/**
 * A till that is switched off at night syncs the next day without its password: the owner signs in once and
 * sets a pin; the lock record then holds this device's credential, never the server password; the browser
 * closes and its session cookie expires (SESSION_TIMEOUT=2); the browser opens again on the same profile, the
 * pin unlocks it, and a sale made after the restart reaches the server, the session renewed by the credential.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { drive, signedInUser, startDriver, waitForSynced } from '../support/driver';
import { fill } from '../support/fill';
import { REGISTRATION } from '../support/fixtures';
import { setupBusiness } from './business-setup';
import { launchBrowser } from './harness';
import { go, loginThroughScreen } from './signin-steps';

const TIMEOUT_S = 2;
const PIN = 'till-pin-77';

let env: Awaited<ReturnType<typeof setupBusiness>>;
test.before(async () => {
  env = await setupBusiness('Restart Shop', { SESSION_TIMEOUT: String(TIMEOUT_S) });
});
test.after(async () => {
  await env?.teardown();
});

/**
 * The lock record decrypted in the page with `pin` (src/signin/lock-record.ts's format), as text. A string, not
 * a function: tsx would add helpers the page does not have.
 */
function lockRecordText(page: Page, pin: string): Promise<string> {
  return page.evaluate(`(async () => {
    const stored = JSON.parse(localStorage.getItem('oja:lock'));
    const bytes = (t) => Uint8Array.from(atob(t), (c) => c.charCodeAt(0));
    const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(${JSON.stringify(pin)}), 'PBKDF2', false, ['deriveKey']);
    const key = await crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: bytes(stored.salt), iterations: stored.iterations }, base, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(stored.iv) }, key, bytes(stored.data)));
  })()`) as Promise<string>;
}

async function cookieIssued(page: Page): Promise<number> {
  const cookie = (await page.cookies(env.server.url)).find((c) => c.name === 'AuthSession');
  return cookie ? parseInt(Buffer.from(cookie.value, 'base64url').toString('latin1').split(':')[1], 16) : 0;
}

test('after a browser restart and a cookie that expired, the pin unlocks and a new sale reaches the server with no password typed', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'oja-device-restart-'));
  let device = await launchBrowser({ profile });
  try {
    let page = await device.newPage();
    await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
    const me = await signedInUser(page);
    await waitForSynced(page);
    await go(page, '/authentication/set-pin');
    await fill(page, 'Password', PIN);
    await fill(page, 'Confirm password', PIN);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.alert-success');

    // At rest: the credential, not the password.
    const record = JSON.parse(await lockRecordText(page, PIN)) as Record<string, unknown> & { device?: { device: string; secret: string } };
    assert.ok(record.device?.device && record.device.secret, 'the lock record holds the device credential');
    assert.not.ok('password' in record, 'no password field');
    assert.not.ok(JSON.stringify(record).includes(REGISTRATION.password), 'the server password is nowhere in it');
    const listed = await env.business.owner.call('GET', `/api/devices/${env.business.id}`);
    assert.ok(listed.body.docs.some((d: { device: string; label: string }) => d.device === record.device!.device && d.label === 'Chrome on Linux'), JSON.stringify(listed.body));

    // The till is switched off; its session dies meanwhile.
    const before = await cookieIssued(page);
    await device.close();
    const deadline = (before + TIMEOUT_S + 1) * 1000;
    while (Date.now() < deadline) await new Promise((r) => setTimeout(r, deadline - Date.now()));

    device = await launchBrowser({ profile });
    page = await device.newPage();
    await page.goto(env.server.url + '/authentication/lock', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('form[aria-label="Quick login"]');
    await fill(page, 'Password', PIN);
    await page.keyboard.press('Enter');
    // 'Continue your last session?' when the shell noted a route: either answer leaves the sign-in area.
    await page.waitForFunction(() => !location.pathname.startsWith('/authentication') || !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
    if (await page.$('[data-testid="confirm-dialog"]')) await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.pathname.startsWith('/authentication'));
    await waitForSynced(page);
    await startDriver(page, me);
    const rice = await drive(page, 'item-create', { name: 'Rice', price: 100, purchasePrice: 80, quantity: 5 });
    const sale = await drive(page, 'sale-create', { customer: { with_account: false, name: 'Morning customer' }, items: [{ id: rice.id, name: 'Rice', price: 100, quantity: 1 }], amount_paid: 100 });
    const until = Date.now() + 60000;
    let status = 0;
    while ((status = (await env.business.owner.call('GET', `/db/oja-${env.business.id}/${encodeURIComponent(sale.id)}`)).status) !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    assert.is(status, 200, 'the sale made after the restart is on the server');
    assert.ok((await cookieIssued(page)) > before, 'a new session, renewed by the device');
  } finally {
    await device.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
});

test.run();
