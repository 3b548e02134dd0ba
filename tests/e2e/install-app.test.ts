/**
 * Oja installs as an app (issue 31): the page links a web app manifest, served as application/manifest+json and
 * allowed by the Content-Security-Policy, whose fields make Chromium offer to install it as a standalone window
 * with 192 and 512 pixel icons (one maskable) that load; the service worker controls the page after a reload and
 * has cached the manifest and its icons, so the installed app opens offline with its icon. A service worker that
 * cannot be registered says so on the screen, not only in the console.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OFFLINE_UNAVAILABLE_TEXT } from '../../src/offline';
import { setup, watchErrors } from './harness';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

type Icon = { src: string; sizes: string; type: string; purpose?: string };

test('the page links a manifest an installed app needs, its icons load, and the service worker controls the page', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await page.goto(env.server.url + '/', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => location.pathname === '/authentication/register');

  // Read through the page, as the browser does: the link's href, fetched from the page's origin under its CSP.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return null;
    const response = await fetch(link.href);
    return { href: link.href, status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
  });
  assert.ok(manifest, 'index.html links a manifest');
  assert.is(manifest!.status, 200);
  assert.match(manifest!.type ?? '', /^application\/manifest\+json/);
  const m = manifest!.body;
  assert.is(m.name, 'Oja shop manager');
  assert.is(m.short_name, 'Oja');
  assert.is(m.start_url, '/');
  assert.is(m.display, 'standalone');
  assert.is(m.theme_color, '#1a73e8');
  assert.type(m.background_color, 'string');
  const icons = m.icons as Icon[];
  const any = (size: string) => icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes('any'));
  assert.ok(any('192x192'), 'a 192 px icon');
  assert.ok(any('512x512'), 'a 512 px icon');
  assert.ok(icons.some((i) => (i.purpose ?? '').split(' ').includes('maskable')), 'a maskable icon');

  // Every icon arrives as a PNG of the size it claims (decoded by the browser, under the page's img-src).
  for (const icon of icons) {
    const loaded = await page.evaluate(async (src: string) => {
      const img = new Image();
      img.src = new URL(src, location.href).href;
      await img.decode();
      const response = await fetch(img.src);
      return { width: img.naturalWidth, height: img.naturalHeight, type: response.headers.get('content-type') };
    }, icon.src);
    assert.is(`${loaded.width}x${loaded.height}`, icon.sizes, `${icon.src} is ${icon.sizes}`);
    assert.is(loaded.type, icon.type, `${icon.src} served as ${icon.type}`);
  }

  // Chromium's own reading of the manifest (what its install prompt uses) finds no error in it.
  const client = await page.createCDPSession();
  const parsed = (await client.send('Page.getAppManifest')) as { url: string; errors: { message: string; critical: number }[] };
  assert.is(parsed.url, manifest!.href);
  assert.equal(parsed.errors, [], 'Chromium parses the manifest without errors');

  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => location.pathname === '/authentication/register');
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker controls the page after a reload');
  const cached = await page.evaluate(async () => {
    const key = (await caches.keys()).find((k) => k.startsWith('oja-shell-'))!;
    return (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
  });
  for (const file of ['/manifest.webmanifest', ...icons.map((i) => i.src)]) assert.ok(cached.includes(file), `${file} cached for offline`);
  assert.is(await page.$('[data-testid="offline-unavailable"]'), null, 'no notice while the service worker is registered');
  assert.equal(errors, []);
});

test('a service worker the browser refuses shows a notice on the screen', async () => {
  const page = await env.browser.newPage();
  // The browser refusing the registration (a private window, a full disk, a policy): its promise rejects.
  await page.evaluateOnNewDocument(() => {
    navigator.serviceWorker.register = () => Promise.reject(new Error('Registration refused by policy'));
  });
  await page.goto(env.server.url + '/authentication/login', { waitUntil: 'domcontentloaded' });
  const notice = await page.waitForSelector('[data-testid="offline-unavailable"]');
  assert.is(await notice!.evaluate((e) => e.textContent), OFFLINE_UNAVAILABLE_TEXT);
  assert.is(await notice!.evaluate((e) => e.getAttribute('title')), 'Registration refused by policy');
});

test.run();
