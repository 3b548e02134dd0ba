/**
 * Data that survives the device, in real Chromium:
 * - a full disk (the origin's quota made small through DevTools, so IndexedDB really refuses with
 *   QuotaExceededError): the quick sale says so, the shell shows it, and what was saved stays;
 * - the browser killed (SIGKILL) while sales of many lines are being saved: after reopening the same profile
 *   every sale is there whole with all its lines and the stock they moved, or not at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { STORAGE_FULL_MESSAGE } from '../../commands/events';
import { CALL_LIMIT_MS, runReplies } from '../support/driver';
import { seedPage } from '../support/seed';
import { launchBrowser, setup } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { typeSlowly, waitFirstTile } from './sales-helpers';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

/** Text that does not compress (IndexedDB compresses values): `kb` kilobytes of it. */
const noise = (kb: number) => Array.from({ length: kb * 200 }, () => Math.random().toString(36).slice(2, 7)).join('');

test('a full disk: the quick sale says so, the shell shows it, and what was saved stays', async () => {
  const user = testUser(0, { business: 'biz-full' });
  const page = await env.browser.newPage();
  // The override holds for storage opened after it: set before the app's first IndexedDB opens.
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.server.url, quotaSize: 600_000 });
  await openAs(page, env.server.url, null, '/not-found');
  const [rice] = await seedPage(page, user, [item('Rice', 1000, 20)]);
  // Fill the disk: items of 100 kB until one is refused, then of 10 kB and of 1 kB, so not even a sale fits.
  let fillers = 0;
  for (const kb of [100, 10, 1]) {
    for (;;) {
      // In the picture (up to MAX_IMAGE_CHARS): a description is bounded at 500 characters now.
      const [reply] = await runReplies(page, user, [['item-create', { name: `Filler ${fillers}`, price: 1, image: `data:image/png;base64,${noise(kb)}` }]]);
      if (!reply.ok) {
        assert.equal(reply.error, { code: 'storage-full', message: STORAGE_FULL_MESSAGE });
        break;
      }
      fillers++;
      assert.ok(fillers < 200, 'the quota never refused a write');
    }
  }

  await page.evaluate((u) => localStorage.setItem('oja:user', JSON.stringify(u)), user);
  await page.goto(env.server.url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(page, 'Rice');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.basket-line');
  // A sale of many lines: its documents need far more room than is left.
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  await page.keyboard.press('F9');
  await page.keyboard.type('4000');
  await page.keyboard.press('Enter');
  await page.waitForFunction((m) => [...document.querySelectorAll('.content [role="alert"]')].some((a) => a.textContent === m), {}, STORAGE_FULL_MESSAGE);
  const notice = await page.waitForSelector('[data-testid="storage-full"]');
  assert.match(await notice!.evaluate((e) => e.textContent ?? ''), /storage is full/);
  assert.is(await page.evaluate(() => location.pathname), '/sales/quick', 'no redirect to a sale that does not exist');

  const [balances, search] = await seedPage(page, user, [
    ['stock-balances', { ids: [rice.id] }],
    ['item-search', { query: '', limit: 1 }],
  ]);
  assert.is(balances[0].balance, 20, 'no stock moved');
  assert.is(search.total, 1 + fillers, 'every item saved before is still there');
  await page.close();
});

type Sale = { customer: object; items: { id: string; name: string; price: number; quantity: number }[]; amount_paid: number };

const ITEMS = ['Rice', 'Beans', 'Garri', 'Sugar', 'Salt'];
const START = 100_000;
const LINES = 60;
const SALES = 120;

function saleOf(ids: string[], n: number): Sale {
  const items = Array.from({ length: LINES }, (_, i) => ({ id: ids[i % ids.length], name: ITEMS[i % ids.length], price: 10, quantity: 1 + ((n + i) % 3) }));
  return { customer: { with_account: false, name: `Walk-in ${n}` }, items, amount_paid: items.reduce((s, l) => s + l.price * l.quantity, 0) };
}

async function readBack(page: Page, ids: string[]) {
  const user = testUser(0, { business: 'biz-kill', policyPrefix: 'K' });
  const [cash, lines, balances] = await seedPage(page, user, [
    ['bank-statement', { account: 'cash', offset: 0, limit: 10_000 }],
    ['sales-list', { offset: 0, limit: 100_000 }],
    ['stock-balances', { ids }],
  ]);
  const saleIds = [...new Set(cash.rows.map((r) => r.id))];
  const views = await seedPage(page, user, saleIds.map((id) => ['sale-get', { id }]));
  return { saleIds, views, lines: lines.rows, balances };
}

test('a sale and its lines are written whole or not at all when the browser is killed mid-save', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'oja-killed-'));
  let browser: Browser | null = await launchBrowser({ profile });
  try {
    const user = testUser(0, { business: 'biz-kill', policyPrefix: 'K' });
    let page = await browser.newPage();
    await openAs(page, env.server.url, null, '/not-found');
    const ids = (await seedPage(page, user, ITEMS.map((name) => item(name, 10, START)))).map((r) => r.id);
    // Every sale sent at once (the worker saves them one after another); the browser is killed the moment the
    // third is acknowledged, while the next ones are being written.
    const acked: string[] = [];
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      browser!.process()!.kill('SIGKILL');
    };
    await page.exposeFunction('__acknowledged', (id: string) => {
      if (!killed) acked.push(id);
      if (acked.length >= 3) kill();
    });
    const sales = Array.from({ length: SALES }, (_, n) => saleOf(ids, n));
    const exited = new Promise((r) => browser!.process()!.once('exit', r));
    await page.evaluate(
      `(async () => {
        const sw = new SharedWorker('/worker.js', { type: 'module', name: 'oja-' + ${JSON.stringify(user.business)} });
        sw.port.start();
        let seq = 0;
        const call = (name, input) => new Promise((resolve) => {
          const id = 'kill-' + ++seq;
          sw.port.addEventListener('message', (e) => e.data && e.data.id === id && resolve(e.data.value));
          sw.port.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
        });
        // Bounded like the driver's calls (tests/support/driver.ts): a worker that never answers fails here, named.
        await Promise.race([call('session-set', ${JSON.stringify(user)}), new Promise((_, no) => setTimeout(() => no(new Error('session-set: the worker answered nothing within ' + ${CALL_LIMIT_MS / 1000} + ' s')), ${CALL_LIMIT_MS}))]);
        await call('session-unlock', {});
        for (const sale of ${JSON.stringify(sales)}) call('sale-create', sale).then((r) => r.ok && window.__acknowledged(r.value.id));
      })()`,
    );
    await exited;
    browser = null;

    browser = await launchBrowser({ profile });
    page = await browser.newPage();
    await page.goto(env.server.url + '/not-found', { waitUntil: 'domcontentloaded' });
    const { saleIds, views, lines, balances } = await readBack(page, ids);
    for (const id of acked) assert.ok(saleIds.includes(id), `acknowledged sale ${id} survived`);
    assert.ok(saleIds.length < SALES, `killed before all ${SALES} were saved (${saleIds.length})`);
    const linesOf = (id: string) => lines.filter((l) => l.sale === id);
    for (const view of views) {
      assert.is(linesOf(view.sale._id).length, view.sale.items.length, `sale ${view.sale.invoice_number} has all its lines`);
    }
    for (const line of lines) assert.ok(saleIds.includes(line.sale), `line ${line._id} belongs to a saved sale`);
    for (const [i, id] of ids.entries()) {
      const sold = lines.filter((l) => l.description === ITEMS[i]).reduce((s, l) => s + l.quantity, 0);
      assert.is(balances.find((b) => b.id === id)?.balance, START - sold, `${ITEMS[i]} stock matches the lines saved`);
    }
    console.log(`killed after ${acked.length} acknowledged; found ${saleIds.length} whole sales of ${SALES}`);
  } finally {
    if (browser) await browser.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
});

test.run();
