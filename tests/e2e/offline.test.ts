/**
 * Offline app shell: after one visit the service worker has cached the built app, so the app loads (and its
 * worker answers through the bus) with the server stopped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setup } from './harness';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('the app loads with the server stopped after one visit', async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + '/', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => location.pathname === '/authentication/register');
  // Installed, activated and controlling this page: every shell file is in the cache by then.
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('oja-shell-'))!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  });
  for (const file of ['/', '/app.js', '/app.css', '/index.html', '/worker.js']) assert.ok(cached.includes(file), `${file} cached`);
  // Every screen's chunk too, opened or not: a screen first opened offline comes from the cache.
  const chunks = readdirSync(join(process.env.DIST_DIR || 'dist', 'chunks')).filter((f) => f.endsWith('.js'));
  assert.ok(chunks.length > 10, 'the app is split into chunks');
  for (const chunk of chunks) assert.ok(cached.includes(`/chunks/${chunk}`), `${chunk} cached`);

  await env.server.stop();
  const offline = await env.browser.newPage();
  const response = await offline.goto(env.server.url + '/cashbook', { waitUntil: 'domcontentloaded' });
  assert.ok(response?.fromServiceWorker(), 'served by the service worker');
  // No session on this device: the shell sends the visitor to sign in, rendered from the cache (the login
  // screen's chunk was never fetched online: it comes from the service worker's cache).
  await offline.waitForFunction(() => location.pathname === '/authentication/login');
  await offline.waitForSelector('input[type="password"]');
  await offline.waitForSelector('[data-testid="version"]:not(:empty)');
  assert.is(await offline.$eval('[data-testid="version"]', (e) => e.textContent), '2.6.5');
});

test.run();
