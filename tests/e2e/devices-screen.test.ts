/**
 * The owner's devices screen (/settings/devices, reached from Settings): it lists the business's devices with
 * user, label, sign-in and last sync times and marks the one in use; Revoke on another device signs that device
 * out at once (its cookie and its renewal are refused over HTTP), while this browser, whose own cookie was cut
 * with it (same user), renews by its credential and keeps syncing; logging out then ends this device's own credential.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeviceCredential, DeviceView } from '../../commands/devices';
import { Client } from '../server/helpers';
import { clickText } from '../support/click';
import { drive, signedInUser, startDriver, waitForSynced } from '../support/driver';
import { REGISTRATION } from '../support/fixtures';
import { setupBusiness } from './business-setup';
import { waitForPath } from './helpers';
import { answerAlert, go, loginThroughScreen } from './signin-steps';

let env: Awaited<ReturnType<typeof setupBusiness>>;
test.before(async () => {
  env = await setupBusiness('Devices Shop');
});
test.after(async () => {
  await env?.teardown();
});

test('the owner lists the devices and revokes one: it stops at once, this browser goes on syncing', async () => {
  const { business } = env;
  // A laptop that signed in earlier and was then lost: it holds a credential and a live session.
  const lost = (await business.owner.call('POST', '/api/devices', { password: REGISTRATION.password, label: 'Lost laptop' })).body as DeviceCredential;
  const laptop = new Client(env.server.url);
  assert.is((await laptop.call('POST', '/api/device-session', { username: business.username, ...lost })).status, 200);
  const main = `/db/oja-${business.id}`;
  assert.is((await laptop.call('GET', `${main}/_changes?since=0&limit=1`)).status, 200);

  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, business.username, REGISTRATION.password);
  const me = await signedInUser(page);
  await waitForSynced(page);
  await go(page, '/settings');
  await clickText(page, 'Devices', '[data-testid="settings"]');
  await waitForPath(page, '/settings/devices');
  await page.waitForSelector(`[data-testid="device-${lost.device}"]`);
  const rows = await page.$$eval('[data-testid="devices-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
  assert.is(rows.length, 2);
  const lostRow = rows.find((r) => r[1] === 'Lost laptop')!;
  const thisRow = rows.find((r) => r[1] !== 'Lost laptop')!;
  assert.match(lostRow[0], `Ada Obi (${business.username})`);
  assert.is(thisRow[1], 'Chrome on Linux (this device)');
  assert.ok(lostRow[2] && lostRow[3], 'signed-in and last-sync times');
  assert.is(lostRow[4], 'Revoke');

  await clickText(page, 'Revoke', `[data-testid="device-${lost.device}"]`);
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await answerAlert(page);
  await page.waitForSelector(`[data-testid="device-${lost.device}"][data-revoked="true"]`);
  assert.match(await page.$eval(`[data-testid="device-${lost.device}"]`, (tr) => tr.textContent ?? ''), /Revoked /);

  // Over HTTP: the lost laptop's session is refused now, and it cannot renew.
  assert.is((await laptop.call('GET', `${main}/_changes?since=0&limit=1`)).status, 401);
  const renewal = await laptop.call('POST', '/api/device-session', { username: business.username, ...lost });
  assert.is(renewal.status, 401);
  assert.is(renewal.body.error, 'revoked');

  // This browser's cookie was the same user's: its worker renews by its own credential and a sale goes up.
  await startDriver(page, me);
  const item = await drive(page, 'item-create', { name: 'Beans', price: 50, purchasePrice: 40, quantity: 3 });
  const until = Date.now() + 60000;
  let status = 0;
  while ((status = (await business.owner.call('GET', `${main}/${encodeURIComponent(item.id)}`)).status) !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  assert.is(status, 200, 'this device still syncs after revoking another');
  await waitForSynced(page);

  // Logging out ends this device's credential on the server too.
  const mine = (await business.owner.call('GET', `/api/devices/${business.id}`)).body.docs.find((d: DeviceView) => d.device !== lost.device) as DeviceView;
  assert.not.ok(mine.revoked);
  await page.click('[data-testid="logout-button"]');
  await page.waitForFunction(() => location.pathname.startsWith('/authentication'));
  const until2 = Date.now() + 30000;
  let ended: DeviceView | undefined;
  while (!(ended = ((await business.owner.call('GET', `/api/devices/${business.id}`)).body.docs as DeviceView[]).find((d) => d.device === mine.device && d.signed_out)) && Date.now() < until2) await new Promise((r) => setTimeout(r, 200));
  assert.ok(ended?.revoked, 'this device logged out: its credential ended');
});

test.run();
