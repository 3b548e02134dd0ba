/**
 * Stale prices on the till (issue 39 item 5), two devices: the owner on one Chromium profile changes Agege Bread
 * from ₦1,300.00 to ₦1,250.00; the cashier's quick sale on another profile, with the bread's tile already on
 * screen, shows ₦1,250.00 without retyping once the change has synced, and Enter adds the line at ₦1,250.00.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startServer, type TestServer } from './harness';
import { go, loginThroughScreen } from './signin-steps';
import { addStaff, registerBusiness } from '../server/helpers';
import { item, REGISTRATION } from '../support/fixtures';
import { signedInUser } from '../support/driver';
import { seedPage } from '../support/seed';
import { typeSlowly, waitBasket } from './sales-helpers';

let server: TestServer;
const browsers: Browser[] = [];

test.before(async () => {
  server = await startServer();
  browsers.push(await launchBrowser(), await launchBrowser());
});
test.after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** Waits until the first result tile reads `want` ('name price'). */
const waitTile = (page: Page, want: string) =>
  page.waitForFunction((w) => {
    const tile = document.querySelector('[data-testid="quick-results"] .tile');
    return `${tile?.querySelector('.tile-name')?.textContent} ${tile?.querySelector('.tile-price')?.textContent}` === w;
  }, {}, want);

test("the owner's new price reaches the tile on the till's screen, and Enter adds the line at it", async () => {
  const a = await registerBusiness(server, { name: 'Bread Shop' });
  const cashier = await addStaff(a.owner, a.id, 'Tolu Cashier', 3);
  const owner = await browsers[0].newPage();
  await loginThroughScreen(owner, server.url, a.username, REGISTRATION.password);
  const ownerUser = await signedInUser(owner);
  const [bread] = await seedPage(owner, ownerUser, [item('Agege Bread', 1300, 30)]);

  const till = await browsers[1].newPage();
  await till.setViewport({ width: 1366, height: 768 });
  await loginThroughScreen(till, server.url, cashier.username, 'staffpass');
  await go(till, '/sales/quick');
  await till.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(till, 'agege');
  await waitTile(till, 'Agege Bread ₦1,300.00');

  await seedPage(owner, ownerUser, [['item-update', { id: bread.id, price: 1250 }]]);
  // No key on the till: its results follow the change when it syncs.
  await waitTile(till, 'Agege Bread ₦1,250.00');
  await till.keyboard.press('Enter');
  await waitBasket(till, ['Agege Bread × 1']);
  assert.is(await till.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦1,250.00');
  assert.is(await till.$eval('.basket-total', (e) => e.textContent), '₦1,250.00');
});

test.run();
