/**
 * Persistent storage: sign-in asks the browser for it (navigator.storage.persist()); when the browser refuses,
 * the shell shows a quiet notice that stays after a reload; when it grants, there is none.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startServer, type TestServer } from './harness';
import { loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';

let server: TestServer;
let business: { username: string };

test.before(async () => {
  server = await startServer();
  business = await registerBusiness(server, { name: 'Storage Shop' });
});
test.after(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** A fresh profile whose answer to persist() is `setting` (a browser decides this itself; CDP fixes it). */
async function browserThatSays(setting: 'granted' | 'denied'): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setPermission', { origin: server.url, permission: { name: 'persistent-storage' }, setting });
  return { browser, page: await browser.newPage() };
}

test('refused persistent storage: sign-in asks, the shell says so quietly, and still does after a reload', async () => {
  const { browser, page } = await browserThatSays('denied');
  try {
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __persistAsked: number };
      w.__persistAsked = 0;
      const persist = navigator.storage.persist.bind(navigator.storage);
      navigator.storage.persist = () => {
        w.__persistAsked++;
        return persist();
      };
    });
    await loginThroughScreen(page, server.url, business.username, REGISTRATION.password);
    const notice = await page.waitForSelector('[data-testid="storage-notice"]');
    assert.is(await notice!.evaluate((e) => e.textContent), 'Browser may clear local data');
    assert.match(await notice!.evaluate((e) => e.getAttribute('title') ?? ''), /may delete Oja's data on this device/);
    assert.is(await page.evaluate('window.__persistAsked'), 1);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="storage-notice"]');
    // The reload only checks (persisted()); asking again belongs to the next sign-in.
    assert.is(await page.evaluate('window.__persistAsked'), 0);
  } finally {
    await browser.close();
  }
});

test('granted persistent storage: no notice', async () => {
  const { browser, page } = await browserThatSays('granted');
  try {
    await loginThroughScreen(page, server.url, business.username, REGISTRATION.password);
    await page.waitForFunction(() => navigator.storage.persisted());
    await page.waitForSelector('[data-testid="sync-state"]');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="sync-state"]');
    assert.is(await page.$('[data-testid="storage-notice"]'), null);
  } finally {
    await browser.close();
  }
});

test.run();
