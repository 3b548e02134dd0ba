/**
 * /preferences/invoice: a header written in the rich-text editor (Tiptap) with bold text and a colour prints on
 * the invoice; a <script> typed into it stays text, and hostile HTML pasted into it (onerror, onclick, script)
 * never runs, neither in the editor nor on the invoice, and is not stored.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REFUSED_HANDLER, setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { go } from './signin-steps';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const OWNER = testUser(0, { business: 'biz-custom', businessName: 'Ada Stores' });
const HOSTILE_PASTE = '<p onclick="window.__xss=3">Pasted line</p><img src="data:x" onerror="window.__xss=2"><script>window.__xss=4</script>';

test('bold and coloured header text prints on the invoice; typed and pasted script never runs', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, null, '/not-found');
  const [rice] = await seedPage(page, OWNER, [item('Rice', 1000, 10)]);
  const [sale] = await seedPage(page, OWNER, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: rice.id, name: 'Rice', price: 1000, quantity: 1 }], amount_paid: 1000 }],
  ]);
  await openAs(page, env.server.url, OWNER, '/preferences/invoice', []);
  const errors = watchErrors(page);
  const editor = '[data-testid="header-editor"]';
  await page.waitForSelector(editor);
  await page.click(editor);
  // A script typed as text, then hostile HTML pasted after it.
  await page.keyboard.type('<script>window.__xss=1</script>');
  await page.waitForFunction((s) => document.querySelector(s)?.textContent === '<script>window.__xss=1</script>', {}, editor);
  await page.$eval(
    editor,
    (el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted line');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    HOSTILE_PASTE,
  );
  await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Pasted line'), {}, editor);

  // A last line, selected, made bold and coloured with the toolbar.
  await page.keyboard.down('Control');
  await page.keyboard.press('End');
  await page.keyboard.up('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ada Stores Ltd');
  await page.waitForFunction((s) => document.querySelector(`${s} p:last-child`)?.textContent === 'Ada Stores Ltd', {}, editor);
  await page.keyboard.down('Shift');
  await page.keyboard.press('Home');
  await page.keyboard.up('Shift');
  await page.waitForFunction(() => getSelection()?.toString() === 'Ada Stores Ltd');
  await page.click('[role="toolbar"] button[title^="Bold"]');
  await page.waitForFunction((s) => document.querySelector(`${s} strong`)?.textContent === 'Ada Stores Ltd', {}, editor);
  await page.waitForSelector('[role="toolbar"] button[aria-pressed="true"][title^="Bold"]');
  await page.$eval('[data-testid="header-colour"]', (el) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '#c00000');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction((s) => !!document.querySelector(`${s} strong span[style*="color"], ${s} span[style*="color"] strong`), {}, editor);
  await page.click('[data-testid="invoice-customisation"] .btn-primary');
  await page.waitForSelector('[data-testid="invoice-customisation"] [role="status"]');

  const [stored] = await seedPage(page, OWNER, [['invoice-header-get', {}]]);
  const content = stored!.content!;
  assert.not.match(content, /onerror|onclick|<script/i);
  assert.match(content, /&lt;script&gt;/);

  await go(page, `/sales/invoice/${sale.id}`);
  await page.waitForSelector('[data-testid="invoice"] [data-testid="invoice-header"]');
  const head = await page.$eval('[data-testid="invoice-header"]', (e) => ({
    bold: e.querySelector('strong')?.textContent ?? '',
    colour: [...e.querySelectorAll('span[style]')].map((s) => getComputedStyle(s).color),
    text: e.textContent ?? '',
    handlers: [...e.querySelectorAll('*')].flatMap((x) => [...x.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
    scripts: document.querySelectorAll('[data-testid="invoice"] script').length,
  }));
  assert.is(head.bold, 'Ada Stores Ltd');
  assert.ok(head.colour.includes('rgb(192, 0, 0)'), head.colour.join());
  assert.ok(head.text.includes('<script>window.__xss=1</script>'), 'the typed script shows as text');
  assert.equal([head.handlers, head.scripts], [[], 0]);
  await page.click('[data-testid="invoice-header"] p:last-child').catch(() => undefined);
  assert.is(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
  // The pasted handlers met the policy too (REFUSED_HANDLER); nothing else went wrong.
  assert.equal(errors.filter((e) => !REFUSED_HANDLER.test(e)), []);
  await page.close();
});

test('a stored header is shown again in the editor for changes; image mode shows the images instead', async () => {
  const page = await env.browser.newPage();
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  await openAs(page, env.server.url, OWNER, '/preferences/invoice', [['invoice-header-set', { content: '<h2 style="text-align: center">Mama Put <em>Foods</em></h2>' }]]);
  await page.waitForFunction(() => document.querySelector('[data-testid="header-editor"] h2 em')?.textContent === 'Foods');
  await seedPage(page, OWNER, [['invoice-header-set', { img: true, header: PNG, footer: PNG, size: { width: '', height: '' } }]]);
  await page.waitForSelector('[data-testid="current-header-image"]');
  assert.is(await page.$('[data-testid="header-editor"]'), null);

  // Upload: the picked PNG is re-encoded to a JPEG before it is stored.
  const file = join(mkdtempSync(join(tmpdir(), 'oja-header-')), 'logo.png');
  writeFileSync(file, new Uint8Array(Buffer.from(PNG.split(',')[1], 'base64')));
  await page.click('[data-testid="invoice-customisation"] a.btn-primary');
  await page.waitForSelector('[data-testid="invoice-upload"] input[type="file"]');
  const [headerInput] = await page.$$('[data-testid="invoice-upload"] input[type="file"]');
  await headerInput.uploadFile(file);
  await page.waitForSelector('img[alt="Header image preview"][src^="data:image/jpeg"]');
  await page.click('[data-testid="invoice-upload"] button[type="submit"]');
  await page.waitForFunction(() => location.pathname === '/preferences/invoice');
  const [stored] = await seedPage(page, OWNER, [['invoice-header-get', {}]]);
  const header = stored!.header!;
  assert.ok(stored!.img && header.startsWith('data:image/jpeg;base64,'), header.slice(0, 30));
  await page.close();
});

test.run();
