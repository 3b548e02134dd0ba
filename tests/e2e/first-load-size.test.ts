/**
 * First-load weight: a first visit to /authentication/register fetches at most FIRST_LOAD_LIMIT of main-thread
 * JavaScript (gzip), so the sign-in screen does not download the whole app. Every other screen comes in its
 * area's chunk when first opened. The worker's script is not main-thread JavaScript and is not counted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { setup } from './harness';

const FIRST_LOAD_LIMIT = 110 * 1024;
const OFF_MAIN_THREAD = new Set(['/worker.js', '/sw.js']);

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('the first visit to /authentication/register loads at most 110 kB gzip of JavaScript', async () => {
  const page = await env.browser.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() !== 'script' || OFF_MAIN_THREAD.has(path)) return;
    pending.push(response.buffer().then((body) => void sizes.set(path, gzipSync(new Uint8Array(body)).length)));
  });
  await page.goto(env.server.url + '/authentication/register', { waitUntil: 'networkidle0' });
  await page.waitForSelector('form');
  await Promise.all(pending);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(`first load of /authentication/register: ${(total / 1024).toFixed(1)} kB gzip in ${sizes.size} files`);
  for (const [path, size] of sizes) console.log(`  ${path}  ${(size / 1024).toFixed(1)} kB`);
  assert.ok(sizes.has('/app.js'), 'the app entry was fetched');
  assert.ok(total <= FIRST_LOAD_LIMIT, `${total} bytes > ${FIRST_LOAD_LIMIT}`);
});

test.run();
