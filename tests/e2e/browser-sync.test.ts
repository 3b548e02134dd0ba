/**
 * Browser sync against a real server: a document made in the browser reaches the server within seconds; one
 * made while the server is stopped reaches it after a restart on the same data folder; a staff user signed in
 * from a second browser profile gets the owner's data.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ClientDoc } from '../../commands/docs';
import { launchBrowser, startServer, type TestServer } from './harness';
import { waitForPath } from './helpers';
import { loginThroughScreen } from './signin-steps';
import { drive, startDriver, signedInUser } from '../support/driver';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import type { Browser } from 'puppeteer-core';

let server: TestServer;
let browser: Browser;
let business: Awaited<ReturnType<typeof registerBusiness>>;
let browserDocId = '';

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  business = await registerBusiness(server, { name: 'Browser Sync Shop' });
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function onServer(id: string, ms = 30000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await business.owner.call('GET', `/db/oja-${business.id}/${id}`);
    if (res.status === 200) return res.body;
    if (Date.now() > until) throw new Error(`${id} did not reach the server`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a document made in the browser appears on the server within seconds', async () => {
  const page = await browser.newPage();
  await loginThroughScreen(page, server.url, business.username, REGISTRATION.password);
  await startDriver(page, business.user);
  await drive(page, 'sync-start', { remote: `${server.url}/db`, username: business.username, password: REGISTRATION.password });
  const made = await drive(page, 'client-create', { kind: 'customer', name: 'Mrs Browser' });
  browserDocId = made._id;
  // Live sync: it arrives while the app runs (how fast depends on the machine, so no bound on the time).
  assert.is((await onServer(made._id)).name, 'Mrs Browser');
  await page.close();
});

test('a document made while the server is stopped reaches it after the restart', async () => {
  const page = await browser.newPage();
  await page.goto(server.url + '/authentication/login', { waitUntil: 'domcontentloaded' });
  await startDriver(page, business.user);
  await drive(page, 'sync-start', { remote: `${server.url}/db`, username: business.username, password: REGISTRATION.password });
  const { port, dataDir } = server;
  await server.stop();
  const made = await drive(page, 'client-create', { kind: 'customer', name: 'Made offline' });
  const pending = await drive(page, 'sync-pending', {});
  assert.ok(pending.pending >= 1);
  server = await startServer({ PORT: String(port) }, dataDir);
  assert.is((await onServer(made._id, 45000)).name, 'Made offline');
  await page.close();
});

test("a staff user signed in from a second browser profile sees the owner's data", async () => {
  const staff = await business.owner.call('POST', `/api/users/${business.id}`, { full_name: 'Kunle Staff', email: 'kunle@example.com', phone_number: '08055556666', password: 'kunlepass', role: JSON.stringify({ level: 1 }) }, true);
  assert.is(staff.status, 201);
  const second = await launchBrowser();
  try {
    const page = await second.newPage();
    await loginThroughScreen(page, server.url, staff.body.username, 'kunlepass');
    await waitForPath(page, '/cashbook');
    const me = await signedInUser(page);
    assert.is(me.level, 1);
    assert.is(me.business, business.id);
    await startDriver(page, me);
    const until = Date.now() + 30000;
    // The staff's own app worker pulls the owner's documents into this profile's IndexedDB.
    let found: ClientDoc | null = null;
    while (!found && Date.now() < until) {
      found = await drive(page, 'client-get', { id: browserDocId });
      if (!found) await new Promise((r) => setTimeout(r, 250));
    }
    assert.is(found?.name, 'Mrs Browser');
  } finally {
    await second.close();
  }
});

test.run();
