import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup } from './harness';
import { testUser } from '../support/fixtures';
import { text } from './store-helpers';
import { openAs } from '../support/open';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
const dir = mkdtempSync(join(tmpdir(), 'oja-import-'));
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
  rmSync(dir, { recursive: true, force: true });
});

test('a CSV of 10,000 rows with three bad ones: progress, summary with reasons, the good rows in the store', async () => {
  const lines = ['name,price,purchasePrice,description,quantity,barcode'];
  for (let i = 1; i <= 10000; i++) lines.push(`Item ${String(i).padStart(5, '0')},${100 + (i % 50)},${80 + (i % 50)},"Batch ${i % 7}, shelf",${i % 9},BC${i}`);
  lines[101] = ',100,80,,1,'; // no name
  lines[2001] = 'Bad price,abc,80,,1,';
  lines[5001] = 'Repeat,100,80,,1,BC7'; // barcode of line 8
  const file = join(dir, 'items.csv');
  writeFileSync(file, lines.join('\n'));

  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(0), '/store', []);
  await clickText(page, 'Import CSV', '[data-testid="store-toolbar"]');
  const input = await page.waitForSelector('#import-file');
  await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(file);
  await page.waitForSelector('[data-testid="import-checked"]', { timeout: 60000 });
  assert.is(await text(page, '[data-testid="import-checked"]'), '9997 rows ready to import, 3 rejected.');
  const reasons = await page.$$eval('[data-testid="import-rejected"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.equal(reasons, [
    ['102', 'Item name is required'],
    ['2002', 'Price "abc" is not a valid amount'],
    ['5002', 'Barcode BC7 is repeated (line 8)'],
  ]);
  await clickText(page, 'Import 9997 items', '[data-testid="import-modal"]');
  await page.waitForSelector('[data-testid="import-progress"]');
  await page.waitForSelector('[data-testid="import-summary"]', { timeout: 120000 });
  assert.is(await text(page, '[data-testid="import-summary"]'), '9997 items added, 3 rows rejected.');
  await clickText(page, 'Close', '[data-testid="import-modal"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="table-info"]')?.textContent?.endsWith('of 9,997 entries'));
  const first = await page.$$eval('[data-testid="store-table"] tbody tr:first-child td', (tds) => tds.map((t) => t.textContent));
  assert.equal(first.slice(0, 3), ['Item 00001', '₦101.00', '1']);
  await page.close();
});

test.run();
