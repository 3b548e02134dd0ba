/**
 * The owner's Export data button in the shell downloads one JSON file of every document of the business (as
 * this device holds it); staff do not see the button.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BusinessExport } from '../../commands/export';
import { setup } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
const downloads = mkdtempSync(join(tmpdir(), 'oja-downloads-'));

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
  rmSync(downloads, { recursive: true, force: true });
});

test('the owner presses Export data and gets every document of the business in one JSON file', async () => {
  const owner = testUser(0, { business: 'biz-export' });
  const page = await env.browser.newPage();
  const cdp = await env.browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
  const done = new Promise<string>((resolve) => {
    let name = '';
    cdp.on('Browser.downloadWillBegin', (e) => (name = e.suggestedFilename));
    cdp.on('Browser.downloadProgress', (e) => e.state === 'completed' && resolve(name));
  });
  const [made] = await openAs(page, env.server.url, owner, '/store', [item('Rice', 1000, 20), ['client-create', { kind: 'customer', name: '=Chioma' }]]);
  const button = await page.waitForSelector('[data-testid="export-button"]');
  assert.is(await button!.evaluate((e) => e.textContent), 'Export data');
  await button!.focus();
  await page.keyboard.press('Enter');
  const name = await done;
  assert.match(name, /^oja-biz-export-\d{4}-\d{2}-\d{2}\.json$/);
  assert.equal(readdirSync(downloads), [name]);
  const file = JSON.parse(readFileSync(join(downloads, name), 'utf8')) as BusinessExport;
  assert.is(file.format, 'oja-export-1');
  assert.is(file.business, 'biz-export');
  const main = file.databases.main;
  assert.ok(main.some((d) => d._id === made.id && d.name === 'Rice' && typeof d._rev === 'string'), 'the item with its revision');
  assert.ok(main.some((d) => d.stores === 'stock' && (d.item as { id: string }).id === made.id), 'its starting stock');
  assert.ok(main.some((d) => d.stores === 'customer' && d.name === '=Chioma'), 'names exactly as typed (JSON runs nothing)');
  assert.ok(Array.isArray(file.databases.shared) && Array.isArray(file.databases.denormalized));
  await page.waitForSelector('[data-testid="export-button"]:not([disabled])');
  await page.close();
});

test('staff do not see the button', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(1, { business: 'biz-export' }), '/store', []);
  await page.waitForSelector('[data-testid="logout-button"]');
  assert.is(await page.$('[data-testid="export-button"]'), null);
  await page.close();
});

test.run();
