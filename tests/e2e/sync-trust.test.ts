/**
 * Sync you can trust, proved with two browser profiles as two devices of one owner against the real server
 * (issue 25). Device A reaches the server through a proxy that can pull its cable; device B directly.
 * - A setting changed on A is on the server and shown on B; a sale deleted on A under a policy that allows it is
 *   gone from the server and from B. (On 729a290 neither left A: the server dropped replicated updates.)
 * - With A's cable pulled and nothing written, A's badge says Offline; back on, Synced.
 * - A deletion the server refuses (A deleted offline under a policy B has since tightened) shows
 *   'Not accepted (n)' on A, which leads to the list with the server's reason; the sale is back on A, and the
 *   server and B still have it.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import type { Args, CommandName, Result } from '../../commands/index';
import { drive, startDriver, signedInUser } from '../support/driver';
import { item, REGISTRATION } from '../support/fixtures';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { launchBrowser, startServer, type TestServer } from './harness';
import { go, loginThroughScreen } from './signin-steps';
import { Client, registerBusiness } from '../server/helpers';

let server: TestServer;
let proxy: RecordingProxy;
const browsers: Browser[] = [];
let business: { id: string; username: string; owner: Client };

test.before(async () => {
  server = await startServer();
  proxy = await startRecordingProxy(server.url);
  business = await registerBusiness(server, { name: 'Trust Shop' });
  browsers.push(await launchBrowser(), await launchBrowser());
});
test.after(async () => {
  for (const b of browsers) await b.close();
  proxy?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function signIn(browser: Browser, base: string): Promise<Page> {
  const page = await browser.newPage();
  await loginThroughScreen(page, base, business.username, REGISTRATION.password);
  await startDriver(page, await signedInUser(page));
  return page;
}

/** Asks the page's worker every 250 ms until `check` holds (a condition, never a fixed wait). */
async function until<K extends CommandName>(page: Page, name: K, input: Args<K>, check: (value: Result<K> | undefined) => boolean, what: string): Promise<void> {
  const limit = Date.now() + 120_000;
  for (;;) {
    const value = await drive(page, name, input).catch(() => undefined);
    if (check(value)) return;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Polls the server as the owner until `ok` holds for the answer to GET path. */
async function onServer(path: string, ok: (status: number, body: any) => boolean, what: string): Promise<void> {
  const limit = Date.now() + 120_000;
  for (;;) {
    const res = await business.owner.call('GET', path);
    if (ok(res.status, res.body)) return;
    if (Date.now() > limit) throw new Error(`${what}: the server answers ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const badge = (page: Page, test: string, label: string) =>
  page.waitForFunction(`(${test})(document.querySelector('[data-testid="sync-state"]')?.textContent ?? '')`, { timeout: 120_000 }).catch(async (e: Error) => {
    throw new Error(`badge never read ${label}: '${await page.$eval('[data-testid="sync-state"]', (b) => b.textContent).catch(() => 'none')}' (${e.message})`);
  });

test('two devices of one owner: a setting, a deletion, Offline, and a refused deletion shown and undone', async () => {
  const db = `oja-${business.id}`;
  const a = await signIn(browsers[0], proxy.url);
  const b = await signIn(browsers[1], server.url);

  // A setting changed on A: on the server, then on B's settings screen.
  await drive(a, 'config-set', { useVat: true, vatPercentage: 7.5, deletePolicy: 'all' });
  await onServer(`/db/${db}-shared/config-vatPercentage`, (_s, body) => body.value === 7.5, 'the VAT setting');
  await onServer(`/db/${db}-shared/config-deletePolicy`, (_s, body) => body.value === 'all', 'the delete policy');
  await go(b, '/settings');
  await b.waitForFunction(() => (document.querySelector('[data-testid="setting-vatPercentage"] input') as HTMLInputElement | null)?.value === '7.5', { timeout: 120_000 });

  // A sale made and deleted on A under a policy that allows it: gone from the server and from B.
  await drive(a, ...item('Rice', 1000, 10));
  const found = await drive(a, 'item-search', { query: 'Rice' });
  const rice = found.rows[0]._id;
  const sale = (id: string): ['sale-create', Args<'sale-create'>] => ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id, name: 'Rice', price: 1000, quantity: 1 }], amount_paid: 1000 }];
  const first = await drive(a, ...sale(rice));
  await onServer(`/db/${db}/${first.id}`, (s) => s === 200, 'the first sale');
  await until(b, 'sale-get', { id: first.id }, (v) => !!v, 'the first sale on B');
  assert.is((await drive(a, 'sale-delete', { id: first.id })).outcome, 'deleted');
  await onServer(`/db/${db}/${first.id}`, (s) => s === 404, 'the deletion on the server');
  await until(b, 'sale-get', { id: first.id }, (v) => v === undefined, 'the deletion on B');
  await badge(a, `(t) => t === 'Synced'`, 'Synced on A');

  // A's cable pulled with nothing written: Offline; back on: Synced.
  const second = await drive(a, ...sale(rice));
  await onServer(`/db/${db}/${second.id}`, (s) => s === 200, 'the second sale');
  await until(b, 'sale-get', { id: second.id }, (v) => !!v, 'the second sale on B');
  proxy.cut(true);
  await badge(a, `(t) => t.startsWith('Offline')`, 'Offline');

  // Meanwhile B tightens the policy; A, offline, still allows the deletion and makes it.
  await drive(b, 'config-set', { deletePolicy: 'none' });
  await onServer(`/db/${db}-shared/config-deletePolicy`, (_s, body) => body.value === 'none', 'the tightened policy');
  assert.is((await drive(a, 'sale-delete', { id: second.id })).outcome, 'deleted');
  // The sale and its line wait.
  await badge(a, `(t) => /^Offline \\(\\d+\\)$/.test(t)`, 'Offline (n)');

  // Back on: the server refuses the deletion; A says so, lists why, and shows the sale again.
  proxy.cut(false);
  await badge(a, `(t) => /^Not accepted \\(\\d+\\)$/.test(t)`, 'Not accepted (n)');
  await a.click('[data-testid="sync-state"]');
  const entry = `[data-testid="refusal"][data-id="${second.id}"]`;
  await a.waitForSelector(entry);
  const text = await a.$eval(entry, (e) => e.textContent ?? '');
  assert.match(text, /Deleted on this till, but the server did not accept it: it is back on this till/);
  assert.match(text, /The server said:/);
  assert.match(await a.$eval(`${entry} [data-testid="refusal-reason"]`, (e) => e.textContent ?? ''), /delet/i);
  await until(a, 'sale-get', { id: second.id }, (v) => !!v, 'the refused deletion undone on A');
  await onServer(`/db/${db}/${second.id}`, (s) => s === 200, 'the sale still on the server');
  await until(b, 'sale-get', { id: second.id }, (v) => !!v, 'the sale still on B');
  // Read: off the list, and the badge is Synced again.
  while (await a.$('[data-testid="refusal"] button')) {
    const left = await a.$$eval('[data-testid="refusal"]', (l) => l.length);
    await a.click('[data-testid="refusal"] button');
    await a.waitForFunction((n) => document.querySelectorAll('[data-testid="refusal"]').length < n, {}, left);
  }
  await a.waitForSelector('[data-testid="not-accepted-empty"]');
  await badge(a, `(t) => t === 'Synced'`, 'Synced after reading');
});

test.run();
