/**
 * A printed report carries what the screen shows (issue 17): every column with text (money with the currency),
 * the business name, the report's title and period, totals, page numbers and the header repeated on each page.
 * Proven on the store (no period) and on the Sold list (a date range); both print through the shared table.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { pdfPages, pdfTextObjects } from './pdf-text';
import { registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { signedInUser } from '../support/driver';
import { go, loginThroughScreen } from './signin-steps';
import { waitForPath } from './helpers';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

type Printed = { heads: string[]; heading: string; rows: string[][]; totals: string[]; page: string; thead: string };

/** Clicks Print and reads the print view at the moment window.print is called. */
async function printOut(page: Page): Promise<Printed> {
  await page.evaluate(() => {
    const w = window as unknown as { print: () => void; printed?: Printed };
    w.print = () => {
      const root = document.querySelector('[data-testid="print-root"]')!;
      w.printed = {
        heads: [...root.querySelector('thead tr:last-child')!.querySelectorAll('th')].map((th) => th.textContent ?? ''),
        heading: root.querySelector('thead .print-heading')?.textContent ?? '',
        rows: [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
        totals: [...root.querySelectorAll('tfoot td')].map((td) => td.textContent ?? ''),
        page: root.querySelector('style')?.textContent ?? '',
        thead: '',
      };
    };
  });
  const errors = watchErrors(page);
  await page.click('[data-testid="table-print"]');
  await page.waitForFunction(() => 'printed' in window).catch((e: Error) => {
    throw new Error(`${e.message}: ${errors.join('; ')}`);
  });
  await page.emulateMediaType('print');
  const thead = await page.$eval('.print-table thead', (e) => getComputedStyle(e).display);
  await page.emulateMediaType('screen');
  const printed = (await page.evaluate(() => (window as unknown as { printed: Printed }).printed)) as Printed;
  await page.evaluate(() => {
    delete (window as unknown as { printed?: unknown }).printed;
    window.dispatchEvent(new Event('afterprint'));
  });
  return { ...printed, thead };
}

test('the store printout: business, title, every column with amounts in ₦, totals, page numbers, repeated header', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-print', businessName: 'Mama Nkechi Stores' });
  const long = 'Premium long grain rice '.repeat(5).trim();
  await openAs(page, env.server.url, user, '/store', [item(long, 60000, 3), item('Beans', 500.5, 10)]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="store-table"] tbody tr td').length > 0);
  const p = await printOut(page);
  assert.equal(p.heads, ['Item', 'Current price', 'Available quantity', 'Stock value']);
  assert.ok(p.heading.includes('Mama Nkechi Stores') && p.heading.includes('Store'), p.heading);
  const beans = p.rows.find((r) => r[0] === 'Beans');
  assert.equal(beans, ['Beans', '₦500.50', '10', '₦5,005.00']);
  assert.ok(p.rows.some((r) => r[0] === long && r[1] === '₦60,000.00' && r[3] === '₦180,000.00'), JSON.stringify(p.rows));
  assert.equal(p.totals, ['Total', '', '13', '₦185,005.00']);
  assert.ok(p.page.includes('counter(page)') && p.page.includes('counter(pages)'), p.page);
  assert.is(p.thead, 'table-header-group');
  await page.close();
});

test('the Sold printout names its period and totals quantity, total and profit', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-print-sold', businessName: 'Mama Nkechi Stores' });
  const [beans] = await openAs(page, env.server.url, user, '/not-found', [item('Beans', 500, 10)]);
  await openAs(page, env.server.url, user, '/sales', [
    ['sale-create', { customer: { with_account: false, name: 'Ada' }, items: [{ id: beans.id, name: 'Beans', price: 500, quantity: 2 }], amount_paid: 1000 }],
    ['sale-create', { customer: { with_account: false, name: 'Obi' }, items: [{ id: beans.id, name: 'Beans', price: 500, quantity: 3 }], amount_paid: 1500 }],
  ]);
  await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Showing 1 to 2 of 2 entries'));
  const p = await printOut(page);
  assert.ok(p.heading.includes('Mama Nkechi Stores') && p.heading.includes('Sold') && /\d{4} – \w+ \d+, \d{4}/.test(p.heading), p.heading);
  const at = (title: string) => p.totals[p.heads.indexOf(title)];
  assert.is(at('Quantity'), '5');
  assert.is(at('Total'), '₦2,500.00');
  assert.ok(p.heads.every((h) => h !== 'Action'));
  await page.close();
});

test('a customer statement printout: Debit, Credit and Balance in ₦, Debit and Credit totals, business, title, period', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-print-statement', businessName: 'Mama Nkechi Stores' });
  const [beans, ada] = await openAs(page, env.server.url, user, '/not-found', [
    item('Beans', 500, 10),
    ['client-create', { kind: 'customer', name: 'Ada Obi', phone_number: '08030000000' }],
  ]);
  await openAs(page, env.server.url, user, `/customer/${ada._id}`, [
    [
      'sale-create',
      { customer: { with_account: true, name: 'Ada Obi', account_ref: ada._id }, items: [{ id: beans.id, name: 'Beans', price: 500, quantity: 4 }], amount_paid: 0, confirmDebt: true },
    ],
    ['payment-create', { kind: 'customer', client: ada._id, factor: -1, amount: 1500.5, medium: 'cash' }],
  ]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="statement-table"] tbody tr').length >= 2);
  const p = await printOut(page);
  assert.ok(p.heading.includes('Mama Nkechi Stores') && p.heading.includes('Statement of Ada Obi') && /\d{4} – \w+ \d+, \d{4}/.test(p.heading), p.heading);
  for (const title of ['Debit', 'Credit', 'Balance']) assert.ok(p.heads.includes(title), p.heads.join(','));
  const col = (title: string) => p.rows.map((r) => r[p.heads.indexOf(title)]).filter(Boolean);
  assert.ok([...col('Debit'), ...col('Credit'), ...col('Balance')].every((cell) => cell.startsWith('₦') || cell.startsWith('-₦')), JSON.stringify(p.rows));
  assert.ok(col('Debit').includes('₦2,000.00') && col('Credit').includes('₦1,500.50'), JSON.stringify(p.rows));
  const at = (title: string) => p.totals[p.heads.indexOf(title)];
  assert.is(at('Debit'), '₦2,000.00');
  assert.is(at('Credit'), '₦1,500.50');
  assert.is(at('Balance'), '', 'a running balance does not add up');
  await page.close();
});

test('a 300-character unbroken item name: the printed PDF carries every amount, number and heading whole', async () => {
  // Names are 120 characters at most now (commands/lib/text-limits.ts), but a till from before kept its
  // 300-character one: written here as the database admin, the one writer the limits do not hold. It broke every
  // price over two lines ('₦7,50' / '0.00') and the headings inside their words ('Curre nt price').
  const a = await registerBusiness(env.server, { name: 'Long Name Stores' });
  const password = env.server.adminPassword();
  const asAdmin = async (id: string, doc: object) => {
    const res = await fetch(`${env.server.url}/db/oja-${a.id}/${id}`, {
      method: 'PUT',
      headers: { Authorization: 'Basic ' + Buffer.from(`admin:${password}`).toString('base64'), 'Content-Type': 'application/json' },
      body: JSON.stringify(doc),
    });
    assert.is(res.status, 201, `${id}: ${await res.text()}`);
  };
  const long = `Ankara${'X'.repeat(294)}`;
  const user = { username: a.username, fullname: 'Owner' };
  await asAdmin('7Alegacy', { stores: 'item', name: long, price: 7500, purchasePrice: 6000, date: Date.now(), user });
  await asAdmin('7Alegacy-i', { stores: 'stock', item: { name: long, id: '7Alegacy' }, quantity: 1234, price: 6000, to: 'store', date: Date.now(), user, extra_notes: 'Starting stock' });
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await waitForPath(page, '/cashbook');
  await seedPage(page, await signedInUser(page), [item('Beans', 500.5, 10)]);
  await go(page, '/store');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="store-table"] tbody tr[data-index]').length === 2);
  await page.evaluate(() => {
    window.print = () => ((window as unknown as { printing: boolean }).printing = true);
  });
  await page.click('[data-testid="table-print"]');
  await page.waitForFunction(() => 'printing' in window);
  // What Chromium prints: each page's text objects; a cell's line is one, so a text that wraps is in two.
  const runs = pdfTextObjects(await page.pdf({ preferCSSPageSize: true })).flat();
  const whole = (text: string) => runs.some((r) => r.includes(text));
  for (const amount of ['7,500.00', '1,234', '9,255,000.00', '500.50', '5,005.00', '1,244', '9,260,005.00']) assert.ok(whole(amount), `${amount} whole in ${JSON.stringify(runs)}`);
  // Headings break between their words at most, never inside one.
  for (const word of ['Current', 'price', 'Available', 'quantity', 'Stock', 'value']) assert.ok(whole(word), `${word} whole in ${JSON.stringify(runs)}`);
  // The name itself wraps (a long word anywhere) and is printed whole, over a few lines.
  const squeezed = runs.join('').replace(/\s+/g, '');
  assert.ok(squeezed.includes(long), 'the name is all there');
  assert.ok(runs.filter((r) => r.includes('XXXX')).length >= 2, 'the name wraps over lines');
  await page.close();
});

// Last in the file on purpose: after its many-page page.pdf() the renderer this file's pages share was seen not
// answering page.evaluate for minutes, and the tests after it ran out of protocol time.
test('a printout of many pages: every page repeats the header, every row is printed once and whole', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const user = testUser(0, { business: 'biz-print-pages', businessName: 'Mama Nkechi Stores' });
  // Long names (as long as a name may be) wrap: those are the rows a page break could cut in two. 1,100 rows print as
  // two tables (PrintTable's parts of 1,000), the second starting mid-page with its own head and the same widths.
  const name = (i: number) => `Print item ${String(i).padStart(4, '0')}${i % 29 === 5 ? ' with a long name that wraps'.repeat(3) : ''}`;
  const rows = Array.from({ length: 1100 }, (_, i) => ({ line: i + 2, name: name(i), price: 100 + i, purchasePrice: 80, description: '', quantity: 1 + (i % 9) }));
  await openAs(page, env.server.url, user, '/store', [['item-import-write', { rows }]]);
  // Print asks for every row the list has: wait until the item index holds all 1,100 (it follows the import's writes).
  await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('of 1,100 entries'));
  await page.evaluate(() => {
    window.print = () => ((window as unknown as { printing: boolean }).printing = true);
  });
  await page.click('[data-testid="table-print"]');
  await page.waitForFunction(() => 'printing' in window);
  const printed = await page.$$eval('[data-testid="print-root"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  assert.is(printed.length, 1100);
  // The two parts' columns line up as one table's would: the same left edge and width, column by column.
  await page.emulateMediaType('print');
  const edges = await page.$$eval('[data-testid="print-root"] table', (tables) =>
    tables.map((t) => [...t.querySelectorAll('tbody tr:first-child td')].map((td) => td.getBoundingClientRect()).map((r) => [Math.round(r.left), Math.round(r.width)])),
  );
  await page.emulateMediaType(); // no emulation: page.pdf() below prints with print media
  assert.is(edges.length, 2, 'two parts');
  assert.equal(edges[1], edges[0]);
  // What Chromium prints: the PDF's text, page by page (a row's cells are painted in order, so its texts run together).
  const pages = pdfPages(await page.pdf({ preferCSSPageSize: true })).map((runs) => runs.join('').replace(/\s+/g, ''));
  const squeeze = (texts: string[]) => texts.join('').replace(/\s+/g, '');
  assert.ok(pages.length >= 5, `${pages.length} pages`);
  pages.forEach((text, i) => {
    const number = `Page${i + 1}of${pages.length}`;
    assert.ok(text.includes(number), `page ${i + 1} numbered: ${text.slice(0, 80)}`);
    const body = text.replace(number, '');
    assert.ok(body.startsWith(squeeze(['Mama Nkechi Stores', 'Store', 'Item', 'Current price', 'Available quantity', 'Stock value'])), `page ${i + 1}: ${body.slice(0, 80)}`);
  });
  for (const row of printed) {
    const on = pages.filter((text) => text.includes(squeeze(row))).length;
    assert.is(on, 1, `${row[0].slice(0, 20)}… whole on one page (found on ${on})`);
  }
  assert.equal(pages.map((text, i) => (text.includes('Total') ? i + 1 : 0)).filter(Boolean), [pages.length], 'totals once, at the end');
  await page.close();
});

test.run();
