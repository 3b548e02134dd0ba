/**
 * The sync badge in states a person can trust (issue 17): Synced once everything is on the server, and again
 * after an ordinary reload; Offline
 * with the count of changes waiting while the server is stopped; Synced again after it restarts; 'Sync off in
 * settings' when the sync setting is off.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startServer, type TestServer } from './harness';
import { loginThroughScreen } from './signin-steps';
import { drive, runReplies, startDriver } from '../support/driver';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';

let server: TestServer;
let browser: Browser;
let business: Awaited<ReturnType<typeof registerBusiness>>;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  business = await registerBusiness(server, { name: 'Badge Shop' });
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const badge = (page: Page, test: (text: string) => boolean, label: string) =>
  page
    .waitForFunction(`(${test})(document.querySelector('[data-testid="sync-state"]')?.textContent ?? '')`)
    .catch(async (e: Error) => {
      const status = await runReplies(page, business.user, [['sync-status', {}]]).catch((x: Error) => x.message);
      throw new Error(`badge never read ${label}: '${await page.$eval('[data-testid="sync-state"]', (b) => b.textContent)}'; worker ${JSON.stringify(status)} (${e.message})`);
    });

test('Synced, then Offline (n) with the server stopped, then Synced again after the restart', async () => {
  const page = await browser.newPage();
  await loginThroughScreen(page, server.url, business.username, REGISTRATION.password);
  await badge(page, (t) => t === 'Synced', 'Synced');
  // An ordinary reload while another tab keeps the business's worker and its sync running: the reloaded tab
  // takes the running sync's state from its answer (no event comes while sync sits idle; it read 'Sync off').
  const other = await browser.newPage();
  await other.goto(server.url + '/store', { waitUntil: 'domcontentloaded' });
  await badge(other, (t) => t === 'Synced', 'Synced in a second tab');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await badge(page, (t) => t === 'Synced', 'Synced after a reload');
  await other.close();

  const { port, dataDir } = server;
  await server.stop();
  await startDriver(page, business.user);
  await drive(page, 'client-create', { kind: 'customer', name: 'Made offline' });
  await badge(page, (t) => /^Offline \(\d+\)$/.test(t), 'Offline (n)');

  server = await startServer({ PORT: String(port) }, dataDir);
  await badge(page, (t) => t === 'Synced', 'Synced');

  // Switched off in the settings: the badge says so.
  await drive(page, 'config-set', { sync: false });
  await badge(page, (t) => t === 'Sync off in settings', 'Sync off in settings');
  await page.close();
});

test.run();
