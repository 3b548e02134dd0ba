/**
 * The business's invoice header on printed invoices: rich text (sanitised by DOMPurify: no handlers, scripts or
 * javascript: links survive) on a type 1 receipt, and image mode's header and footer images on a type 2 invoice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REFUSED_HANDLER, setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const ADMIN = testUser(0, { business: 'biz-header', businessName: 'Ada Stores' });
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const HOSTILE =
  '<h3 style="text-align:center">Ada <b>Stores</b> Ltd</h3><p onmouseover="window.__xss=1">12 Broad Street, Lagos</p>' +
  `<img src="${PNG}" onerror="window.__xss=2"><script>window.__xss=3</script><a href="javascript:window.__xss=4">site</a>`;

test('a rich-text header on the receipt, sanitised; image mode on the full invoice', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, null, '/not-found');
  const [created] = await seedPage(page, ADMIN, [item('Rice', 1000, 10)]);
  const [saved] = (await seedPage(page, ADMIN, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: created.id, name: 'Rice', price: 1000, quantity: 1 }], amount_paid: 1000 }],
    ['invoice-header-set', { content: HOSTILE }],
  ]));

  await openAs(page, env.server.url, ADMIN, `/sales/invoice/${saved.id}`, []);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-1 [data-testid="invoice-header"]');
  const head = await page.$eval('[data-testid="invoice-header"]', (e) => ({
    text: e.textContent ?? '',
    bold: e.querySelector('h3 b')?.textContent,
    align: (e.querySelector('h3') as HTMLElement | null)?.style.textAlign,
    handlers: [...e.querySelectorAll('*')].flatMap((x) => [...x.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
    scripts: e.querySelectorAll('script').length,
    href: e.querySelector('a')?.getAttribute('href') ?? null,
  }));
  assert.ok(head.text.includes('Ada Stores Ltd') && head.text.includes('12 Broad Street, Lagos'), head.text);
  assert.equal([head.bold, head.align, head.handlers, head.scripts, head.href], ['Stores', 'center', [], 0, null]);
  await page.hover('[data-testid="invoice-header"] p');
  assert.is(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
  assert.not.ok(await page.$('[data-testid="invoice"] .invoice-business'), 'the header replaces the plain business name');

  await openAs(page, env.server.url, ADMIN, `/sales/invoice/${saved.id}`, [
    ['config-set', { invoiceType: 2 }],
    ['invoice-header-set', { img: true, header: PNG, footer: PNG, size: { width: '150mm', height: '20mm' } }],
  ]);
  await page.waitForSelector('[data-testid="invoice"].invoice-type-2 img[data-testid="invoice-header"]');
  const images = await page.$$eval('[data-testid="invoice"] img.invoice-header-img', (imgs) =>
    imgs.map((i) => [i.getAttribute('data-testid'), i.getAttribute('src')?.slice(0, 22), (i as HTMLImageElement).style.width]),
  );
  assert.equal(images, [
    ['invoice-header', 'data:image/png;base64,', '150mm'],
    ['invoice-footer-image', 'data:image/png;base64,', '150mm'],
  ]);
  assert.not.ok(await page.$('[data-testid="invoice"] .invoice-header-content'), 'image mode shows no rich text');
  assert.ok((await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '')).includes('For Ada Stores'));
  // The policy refused the hostile header's inline handlers while DOMPurify parsed them (REFUSED_HANDLER).
  assert.ok(errors.some((e) => REFUSED_HANDLER.test(e)), errors.join('\n'));
  assert.equal(errors.filter((e) => !REFUSED_HANDLER.test(e)), []);
  await page.close();
});

test.run();
