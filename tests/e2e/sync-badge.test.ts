/**
 * The sync badge in states a person can trust (issue 17): Synced once everything is on the server, and again
 * after an ordinary reload; Offline
 * with the count of changes waiting while the server is stopped; Synced again after it restarts; 'Sync off in
 * settings' when the sync setting is off.
 */
import { test } from 'uvu';
import type { Page } from 'puppeteer-core';
import { loginThroughScreen } from './signin-steps';
import { drive, runReplies, startDriver } from '../support/driver';
import { REGISTRATION } from '../support/fixtures';
import { setupBusiness } from './business-setup';

let env: Awaited<ReturnType<typeof setupBusiness>>;

test.before(async () => {
  env = await setupBusiness('Badge Shop');
});
test.after(async () => {
  await env?.teardown();
});

const badge = (page: Page, test: (text: string) => boolean, label: string) =>
  page
    .waitForFunction(`(${test})(document.querySelector('[data-testid="sync-state"]')?.textContent ?? '')`)
    .catch(async (e: Error) => {
      const status = await runReplies(page, env.business.user, [['sync-status', {}]]).catch((x: Error) => x.message);
      throw new Error(`badge never read ${label}: '${await page.$eval('[data-testid="sync-state"]', (b) => b.textContent)}'; worker ${JSON.stringify(status)} (${e.message})`);
    });

test('Synced, then Offline (n) with the server stopped, then Synced again after the restart', async () => {
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
  await badge(page, (t) => t === 'Synced', 'Synced');
  // An ordinary reload while another tab keeps the business's worker and its sync running: the reloaded tab
  // takes the running sync's state from its answer (no event comes while sync sits idle; it read 'Sync off').
  const other = await env.browser.newPage();
  await other.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await badge(other, (t) => t === 'Synced', 'Synced in a second tab');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await badge(page, (t) => t === 'Synced', 'Synced after a reload');
  await other.close();
  await env.server.stop();
  await startDriver(page, env.business.user);
  await drive(page, 'client-create', { kind: 'customer', name: 'Made offline' });
  await badge(page, (t) => /^Offline \(\d+\)$/.test(t), 'Offline (n)');

  await env.startAgain();
  await badge(page, (t) => t === 'Synced', 'Synced');

  // Switched off in the settings: the badge says so.
  await drive(page, 'config-set', { sync: false });
  await badge(page, (t) => t === 'Sync off in settings', 'Sync off in settings');
  await page.close();
});

test.run();
