/**
 * Issue 39 item 15, printing and layout, measured: the A4 invoice's page margin and where its text starts in the
 * printed PDF; the 80 mm Z-report's page as long as what it prints; Users, Branch offices and Devices laid out
 * as the other list screens; no word broken inside itself on the screens the issue named; no 'Page not found'
 * between a deletion and the list it goes back to (watched with a MutationObserver, not a sleep).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { go, loginThroughScreen } from './signin-steps';
import { addStaff, registerBusiness } from '../server/helpers';
import { REGISTRATION, testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const MM = 72 / 25.4;

async function newPage(): Promise<Page> {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  return page;
}

/** Each page's size in points and the leftmost and rightmost x of its text. */
async function pdfPages(bytes: Uint8Array) {
  const doc = await getDocument({ data: Uint8Array.from(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: { width: number; height: number; left: number; right: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const [x0, y0, x1, y1] = page.view;
    const xs: number[] = [];
    for (const it of (await page.getTextContent()).items) if ('str' in it && it.str.trim()) xs.push(it.transform[4], it.transform[4] + it.width);
    pages.push({ width: x1 - x0, height: y1 - y0, left: Math.min(...xs), right: Math.max(...xs) });
  }
  await doc.destroy();
  return pages;
}

/** The @page rules in force, as the browser parsed them. */
const pageRules = (page: Page) =>
  page.evaluate(`[...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r) => r instanceof CSSPageRule).map((r) => ({ size: r.style.getPropertyValue('size'), margin: r.style.getPropertyValue('margin') }))`) as Promise<{ size: string; margin: string }[]>;

test('the A4 invoice prints with a 12 mm margin: its text starts 12 mm or more from the edge', async () => {
  const page = await newPage();
  const user = testUser(0, { business: 'biz-a4-margin' });
  const [, rice] = await openAs(page, env.server.url, user, '/not-found', [
    ['config-set', { invoiceType: 2, invoiceWidth: 'A4' }],
    ['item-create', { name: 'Rice 50kg', price: 60000, purchasePrice: 52000, quantity: 10 }],
  ]);
  const [sale] = await openAs(page, env.server.url, user, '/not-found', [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: rice.id, name: 'Rice 50kg', price: 60000, quantity: 1 }], amount_paid: 60000 }],
  ]);
  await openAs(page, env.server.url, user, `/sales/invoice/${sale.id}`);
  await page.waitForSelector('[data-testid="invoice"]');
  assert.equal(await pageRules(page), [{ size: '210mm 297mm', margin: '12mm' }]);
  const [printed, ...more] = await pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  assert.is(more.length, 0, 'one page');
  assert.ok(Math.abs(printed.width - 210 * MM) < 2 && Math.abs(printed.height - 297 * MM) < 2, `A4: ${printed.width} × ${printed.height} pt`);
  assert.ok(printed.left >= 12 * MM - 1, `text starts ${(printed.left / MM).toFixed(1)} mm from the left edge`);
  assert.ok(printed.width - printed.right >= 12 * MM - 1, `text ends ${((printed.width - printed.right) / MM).toFixed(1)} mm from the right edge`);
  await page.close();
});

test('the 80 mm Z-report prints on one page as long as the report, not 297 mm', async () => {
  const page = await newPage();
  const user = testUser(0, { business: 'biz-z-roll' });
  const [, shift] = await openAs(page, env.server.url, user, '/not-found', [['config-set', { invoiceWidth: '80mm' }], ['shift-open', { float: 5000 }]]);
  await openAs(page, env.server.url, user, '/not-found', [['shift-close', { id: shift.id, count: [{ value: 1000, count: 5 }] }]]);
  await openAs(page, env.server.url, user, `/shifts/${shift.id}`);
  await page.waitForSelector('[data-testid="z-report"]');
  // The rule follows the report's measured height (it is set once the report is on the page).
  await page.waitForFunction(`[...document.styleSheets].flatMap((s) => [...s.cssRules]).some((r) => r instanceof CSSPageRule && /^80mm \\d+mm$/.test(r.style.getPropertyValue('size')) && r.style.getPropertyValue('size') !== '80mm 297mm')`);
  const tall = (await page.$eval('[data-testid="z-report"]', (e) => e.getBoundingClientRect().height)) * (25.4 / 96);
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  assert.is(pages.length, 1, `${pages.length} pages`);
  const [p] = pages;
  assert.ok(Math.abs(p.width - 80 * MM) < 2, `80 mm wide: ${(p.width / MM).toFixed(1)} mm`);
  assert.ok(p.height / MM < 297 - 50 && p.height / MM >= tall, `page ${(p.height / MM).toFixed(1)} mm long for a report of ${tall.toFixed(1)} mm`);
  await page.close();
});

test("deleting a sale: 'Deleted!' over the sales list, and 'Page not found' never shows on the way", async () => {
  const page = await newPage();
  const user = testUser(0, { business: 'biz-delete-flash' });
  const [, rice] = await openAs(page, env.server.url, user, '/not-found', [
    ['config-set', { deletePolicy: 'all' }],
    ['item-create', { name: 'Rice 50kg', price: 60000, purchasePrice: 52000, quantity: 10 }],
  ]);
  const [sale] = await openAs(page, env.server.url, user, '/not-found', [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: rice.id, name: 'Rice 50kg', price: 60000, quantity: 1 }], amount_paid: 60000 }],
  ]);
  await openAs(page, env.server.url, user, `/sales/invoice/${sale.id}`);
  await page.waitForSelector('[data-testid="invoice"]');
  await page.evaluate(`(() => {
    window.sawNotFound = false;
    const look = () => {
      if (location.pathname === '/not-found' || document.body.textContent.includes('Page not found')) window.sawNotFound = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  await clickText(page, 'Delete');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  await clickText(page, 'Yes, delete it!');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-dialog"]')?.textContent?.includes('Deleted!'));
  await waitForPath(page, '/sales');
  // Until 'Deleted!' has closed by itself: the whole time a 'Page not found' could show behind it.
  await page.waitForFunction(() => !document.querySelector('[data-testid="alert-dialog"]'), { timeout: 60000 });
  assert.is(await page.evaluate('window.sawNotFound'), false);
  await page.close();
});

/** Words drawn over two lines (a break inside the word), among the text of `scope`. */
const brokenWords = (page: Page, scope = '.content') =>
  page.evaluate(`(() => {
    const out = [];
    const root = document.querySelector(${JSON.stringify(scope)});
    if (!root) return ['no ' + ${JSON.stringify(scope)}];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const re = /\\S{2,}/g;
      for (let m = re.exec(n.textContent); m; m = re.exec(n.textContent)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  })()`) as Promise<string[]>;

test('no word breaks inside itself: the store with cartons, a customer list, sales by payment medium, the quick sale', async () => {
  const page = await newPage();
  const user = testUser(0, { business: 'biz-words' });
  await openAs(page, env.server.url, user, '/not-found', [
    ['config-set', { trackExpiry: true, useWarehouse: true }],
    ['item-create', { name: 'Indomie Chicken Noodles', price: 250, purchasePrice: 200, quantity: 480, unit: 'piece', units: [{ name: 'carton', factor: 24, price: 5500 }] }],
    ['item-create', { name: 'Agege Bread', price: 1300, purchasePrice: 900, quantity: 30 }],
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08031234567', balance: 9793 }],
  ]);
  const screens = ['/store', '/customers', '/reports?report=sales-medium&range=month', '/reports?report=slow-movers', '/sales/quick'];
  const problems: string[] = [];
  for (const width of [1366, 1024]) {
    await page.setViewport({ width, height: 768 });
    await openAs(page, env.server.url, user, '/store');
    for (const path of screens) {
      await go(page, path);
      await page.waitForFunction(() => !document.querySelector('.content [aria-busy="true"]') && !document.body.textContent?.includes('Loading…'));
      await page.waitForSelector('.content h1');
      // The tables' rows are in (or their empty text).
      await page.waitForFunction(() => !!document.querySelector('.content tbody tr, .content [data-testid="table-empty"], .content .tile, #quick-search'));
      for (const word of await brokenWords(page)) problems.push(`${width} px ${path}: '${word}'`);
      if (width === 1024 && path === '/store') await page.screenshot({ path: '/tmp/owner-store-1024.png' });
    }
  }
  assert.equal(problems, []);
  await page.close();
});

test('Users, Branch offices and Devices look like the other list screens: title, a normal button, the table in its card', async () => {
  const a = await registerBusiness(env.server, { name: 'Layout Shop', email: 'layout@example.com' });
  await addStaff(a.owner, a.id, 'Kemi Ade', 3);
  const page = await newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  for (const [path, table, button] of [
    ['/users', 'users-table', 'New user'],
    ['/branches', 'branches-table', 'New branch'],
    ['/settings/devices', 'devices-table', ''],
  ] as const) {
    await go(page, path);
    if (path === '/branches') {
      await page.waitForFunction(() => !!document.querySelector('.content h1'));
    } else await page.waitForSelector(`[data-testid="${table}"] tbody tr`);
    const look = (await page.evaluate(`(() => {
      const table = document.querySelector('[data-testid="${table}"]');
      const wrap = table && table.closest('.data-table-wrap');
      const button = [...document.querySelectorAll('.content button')].find((b) => b.textContent.trim() === ${JSON.stringify(button)});
      const section = document.querySelector('.content section');
      return {
        screen: section ? section.classList.contains('screen') : false,
        table: table ? table.className : 'none',
        card: wrap ? getComputedStyle(wrap).backgroundColor + ' ' + getComputedStyle(wrap).borderRadius : 'none',
        button: button ? Math.round(button.getBoundingClientRect().height) : 0,
        h1: !!section && !!section.querySelector(':scope > h1'),
      };
    })()`)) as { screen: boolean; table: string; card: string; button: number; h1: boolean };
    await page.screenshot({ path: `/tmp/owner-${path.split('/').pop()}.png` });
    assert.ok(look.screen && look.h1, `${path}: a screen with its title: ${JSON.stringify(look)}`);
    if (path !== '/branches') {
      assert.is(look.table, 'data-table', path);
      assert.is(look.card, 'rgb(255, 255, 255) 8px', path);
    }
    if (button) assert.ok(look.button > 0 && look.button <= 44, `${path}: '${button}' is ${look.button} px tall`);
  }
  await page.close();
});

test.run();
