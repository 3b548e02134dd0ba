/**
 * Issue 26, finding 8: the app runs under its Content-Security-Policy (server/headers.ts) with nothing refused
 * (registration page, a sale's invoice with a rich-text header and with header images, the item list), and the
 * policy bites: a script injected inline does not run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { item, testUser } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const ADMIN = testUser(0, { business: 'biz-csp', businessName: 'Ada Stores' });
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Every CSP refusal the page meets: the console's 'Refused to …' lines and securitypolicyviolation events. */
async function watchRefusals(page: Page): Promise<() => Promise<string[]>> {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...refused, ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[])];
}

test('the app runs under its policy with nothing refused; an injected inline script does not run', async () => {
  const page = await env.browser.newPage();
  const refusals = await watchRefusals(page);
  const answer = await page.goto(env.server.url + '/', { waitUntil: 'domcontentloaded' });
  assert.match(answer?.headers()['content-security-policy'] ?? '', /script-src 'self'(;|$)/);
  await page.waitForFunction(() => location.pathname === '/authentication/register');
  await page.waitForSelector('[data-testid="version"]:not(:empty)');
  assert.equal(await refusals(), [], 'register page');

  await openAs(page, env.server.url, null, '/not-found');
  const [created] = await seedPage(page, ADMIN, [item('Rice', 1000, 10)]);
  const [saved] = await seedPage(page, ADMIN, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: created.id, name: 'Rice', price: 1000, quantity: 1 }], amount_paid: 1000 }],
    ['invoice-header-set', { content: `<h3 style="text-align:center">Ada <b>Stores</b></h3><p>12 Broad Street</p><img src="${PNG}">` }],
  ]);
  await openAs(page, env.server.url, ADMIN, `/sales/invoice/${saved.id}`);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-1 [data-testid="invoice-header"] h3');
  assert.is(await page.$eval('[data-testid="invoice-header"] h3', (e) => getComputedStyle(e).textAlign), 'center', 'the header keeps its style attribute');
  assert.equal(await refusals(), [], 'invoice with a rich-text header');

  await openAs(page, env.server.url, ADMIN, `/sales/invoice/${saved.id}`, [
    ['config-set', { invoiceType: 2 }],
    ['invoice-header-set', { img: true, header: PNG, footer: PNG, size: { width: '150mm', height: '20mm' } }],
  ]);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-2 img[data-testid="invoice-header"]');
  assert.ok(await page.$eval('img[data-testid="invoice-header"]', (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 1), 'the data: image loads');
  assert.equal(await refusals(), [], 'invoice with header images');

  await openAs(page, env.server.url, ADMIN, '/store');
  await page.waitForFunction(() => document.body.textContent?.includes('Rice'));
  assert.equal(await refusals(), [], 'item list');

  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.body.append(s);
    return (window as unknown as { __injected?: number }).__injected ?? 0;
  });
  assert.is(ran, 0, 'an inline script is refused');
  await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
  assert.match((await refusals()).join('\n'), /script-src/);
  await page.close();
});

test.run();
