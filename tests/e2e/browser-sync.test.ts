/**
 * Browser sync against a real server: a document made in the browser reaches the server within seconds; one
 * made while the server is stopped reaches it after a restart on the same data folder; a staff user signed in
 * from a second browser profile gets the owner's data.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ClientDoc } from '../../commands/docs';
import { launchBrowser } from './harness';
import { waitForPath } from './helpers';
import { loginThroughScreen } from './signin-steps';
import { drive, startDriver, signedInUser } from '../support/driver';
import { REGISTRATION } from '../support/fixtures';
import { setupBusiness } from './business-setup';

let env: Awaited<ReturnType<typeof setupBusiness>>;
let browserDocId = '';

test.before(async () => {
  env = await setupBusiness('Browser Sync Shop');
});
test.after(async () => {
  await env?.teardown();
});

async function onServer(id: string, ms = 30000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await env.business.owner.call('GET', `/db/oja-${env.business.id}/${id}`);
    if (res.status === 200) return res.body;
    if (Date.now() > until) throw new Error(`${id} did not reach the server`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a document made in the browser appears on the server within seconds', async () => {
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
  await startDriver(page, env.business.user);
  await drive(page, 'sync-start', { remote: `${env.server.url}/db`, username: env.business.username, password: REGISTRATION.password });
  const made = await drive(page, 'client-create', { kind: 'customer', name: 'Mrs Browser' });
  browserDocId = made._id;
  // Live sync: it arrives while the app runs (how fast depends on the machine, so no bound on the time).
  assert.is((await onServer(made._id)).name, 'Mrs Browser');
  await page.close();
});

test('a document made while the server is stopped reaches it after the restart', async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + '/authentication/login', { waitUntil: 'domcontentloaded' });
  await startDriver(page, env.business.user);
  await drive(page, 'sync-start', { remote: `${env.server.url}/db`, username: env.business.username, password: REGISTRATION.password });
  await env.server.stop();
  const made = await drive(page, 'client-create', { kind: 'customer', name: 'Made offline' });
  const pending = await drive(page, 'sync-pending', {});
  assert.ok(pending.pending >= 1);
  await env.startAgain();
  assert.is((await onServer(made._id, 45000)).name, 'Made offline');
  await page.close();
});

test("a staff user signed in from a second browser profile sees the owner's data", async () => {
  const staff = await env.business.owner.call('POST', `/api/users/${env.business.id}`, { full_name: 'Kunle Staff', email: 'kunle@example.com', phone_number: '08055556666', password: 'kunlepass', role: JSON.stringify({ level: 1 }) }, true);
  assert.is(staff.status, 201);
  const second = await launchBrowser();
  try {
    const page = await second.newPage();
    await loginThroughScreen(page, env.server.url, staff.body.username, 'kunlepass');
    await waitForPath(page, '/cashbook');
    const me = await signedInUser(page);
    assert.is(me.level, 1);
    assert.is(me.business, env.business.id);
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
