/**
 * A session that expires mid-day: the device signs in, the server goes away (the shop's connection drops), sales
 * are made offline, and by the time the server is back the device's AuthSession cookie has expired
 * (SESSION_TIMEOUT=2 on the test server). The worker meets the 401, signs in again with the password it holds
 * from sign-in, and pushes every sale.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';
import { drive, startDriver } from './driver';
import { launchBrowser, startServer, type TestServer } from './harness';
import { loginThroughScreen } from './signin-steps';
import { Client, OWNER, registerBusiness } from '../server/helpers';

const TIMEOUT_S = 2;

let server: TestServer;
let browser: Browser;
let business: { id: string; username: string; owner: Client };

test.before(async () => {
  server = await startServer({ SESSION_TIMEOUT: String(TIMEOUT_S) });
  browser = await launchBrowser();
  business = await registerBusiness(server, { name: 'Expiry Shop' });
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** The device's AuthSession cookie and the second it was issued (CouchDB's cookie: base64url of name:hexTime:hash). */
async function deviceCookie(page: Page): Promise<{ value: string; issued: number }> {
  const cookie = (await page.cookies(server.url)).find((c) => c.name === 'AuthSession');
  assert.ok(cookie, 'the device holds a session cookie');
  const issued = parseInt(Buffer.from(cookie!.value, 'base64url').toString('latin1').split(':')[1], 16);
  return { value: cookie!.value, issued };
}

async function sessionName(cookie: string): Promise<string | null> {
  const res = await fetch(`${server.url}/db/_session`, { headers: { Cookie: `AuthSession=${cookie}`, Accept: 'application/json' } });
  return ((await res.json()) as { userCtx: { name: string | null } }).userCtx.name;
}

async function onServer(id: string): Promise<number> {
  return (await business.owner.call('GET', `/db/oja-${business.id}/${encodeURIComponent(id)}`)).status;
}

test('after the session expired offline, the device signs in again and pushes every sale it holds', async () => {
  const page = await browser.newPage();
  await loginThroughScreen(page, server.url, business.username, OWNER.password);
  const me = JSON.parse((await page.evaluate(() => localStorage.getItem('oja:user'))) ?? 'null') as SessionUser;
  await page.waitForSelector('[data-testid="sync-state"][data-state="paused"]');
  await startDriver(page, me);
  const rice = await drive<{ id: string }>(page, 'item-create', { name: 'Rice', price: 100, purchasePrice: 80, quantity: 50 });

  const { port, dataDir } = server;
  await server.stop();
  const sales: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const saved = await drive<{ id: string }>(page, 'sale-create', { customer: { with_account: false, name: `Walk-in ${n}` }, items: [{ id: rice.id, name: 'Rice', price: 100, quantity: n }], amount_paid: 100 * n });
    sales.push(saved.id);
  }
  assert.ok((await drive<{ pending: number }>(page, 'sync-pending', {})).pending >= 5);

  // Offline past the session's life: the cookie the device holds is dead when the server returns.
  const before = await deviceCookie(page);
  const deadline = (before.issued + TIMEOUT_S + 1) * 1000;
  while (Date.now() < deadline) await new Promise((r) => setTimeout(r, deadline - Date.now()));
  server = await startServer({ PORT: String(port), SESSION_TIMEOUT: String(TIMEOUT_S) }, dataDir);
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
  assert.ok((await sessionName(after.value))?.endsWith(business.username));
});

test.run();
