/**
 * A new till's first pull shows the documents synced of the server's total and a time estimate (issue 18), and
 * the till sells from what has arrived. A proxy in front of the server holds the main database's snapshot pages
 * (worker/sync/snapshot.ts) after the first, so the badge is read mid-pull whatever the machine's speed;
 * released, the pull ends in Synced.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startServer, type TestServer } from './harness';
import { loginThroughScreen } from './signin-steps';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { startRecordingProxy, type Held, type RecordingProxy, type Seen } from '../support/recording-proxy';
import { SNAPSHOT_PAGE } from '../../worker/sync/snapshot';

const ADMIN_PASSWORD = 'progress-admin-pw';
/** More than one snapshot page, with the documents registration writes. */
const ITEMS = SNAPSHOT_PAGE;

let server: TestServer;
let proxy: RecordingProxy;
let held: Held;
let browser: Browser;
let business: { id: string; username: string };

/** The main database's snapshot pages after the first (the changes feed read with its documents). */
function laterSnapshotPages(mainDb: string): (s: Seen) => boolean {
  let pages = 0;
  return (s) => s.url.startsWith(`/db/${mainDb}/_changes?`) && s.url.includes('include_docs=true') && ++pages > 1;
}

test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  business = await registerBusiness(server, { name: 'Progress Shop' });
  const docs = Array.from({ length: ITEMS }, (_, i) => ({ _id: `7P${String(i).padStart(5, '0')}`, stores: 'item', name: `Progress item ${i}`, price: 100 + i, purchasePrice: 80, date: 1700000000000 }));
  const res = await fetch(`${server.url}/db/oja-${business.id}/_bulk_docs`, {
    method: 'POST',
    headers: { Authorization: 'Basic ' + Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ docs }),
  });
  assert.is(res.status, 201);
  proxy = await startRecordingProxy(server.url);
  held = proxy.hold(laterSnapshotPages(`oja-${business.id}`));
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  held?.release();
  proxy?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const badgeText = (page: Page) => page.$eval('[data-testid="sync-state"]', (b) => b.textContent ?? '');

test('the first pull shows documents synced of the total and a time estimate, then Synced', async () => {
  const page = await browser.newPage();
  await loginThroughScreen(page, proxy.url, business.username, REGISTRATION.password);
  // The first batch is in, the second held at the proxy: the badge counts what arrived of everything.
  await page
    .waitForFunction(() => /^Syncing [1-9][\d,]* of [\d,]+ documents, /.test(document.querySelector('[data-testid="sync-state"]')?.textContent ?? ''), { polling: 'mutation' })
    .catch(async (e: Error) => {
      throw new Error(`no progress in the badge: '${await badgeText(page)}' (${e.message})`);
    });
  const text = await badgeText(page);
  const [, done, total] = /^Syncing ([\d,]+) of ([\d,]+) documents, (?:about .+ left|estimating time left)$/.exec(text) ?? [];
  assert.ok(done && total, `badge: ${text}`);
  const n = (s: string) => Number(s.replace(/,/g, ''));
  assert.ok(n(total) >= ITEMS, `the total counts the server's documents: ${text}`);
  assert.ok(n(done) < n(total), `a batch is held, so not everything has arrived: ${text}`);
  await held.reached; // a later page waits at the proxy

  held.release();
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-state"]')?.textContent === 'Synced', { polling: 'mutation' }).catch(async (e: Error) => {
    throw new Error(`never Synced: '${await badgeText(page)}' (${e.message})`);
  });
  await page.close();
});

test.run();
