/**
 * The shared DataTable against the real worker engine with 100,000 generated rows: renders virtually, sorts,
 * searches, pages, moves a row focus with the keyboard, and prints ALL rows through a plain table.
 * The page is a test-only fixture (tests/e2e/fixtures/table-demo/) served from a temporary folder, so no
 * test code reaches the app's bundle or menu.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { demoRow } from './fixtures/table-demo/demo-domain';
import { serveTableDemo } from './fixtures/table-demo/serve';
import { launchBrowser, watchErrors } from './harness';
import { fill } from '../support/fill';

const COUNT = 100_000;
let server: Awaited<ReturnType<typeof serveTableDemo>>;
let browser: Browser;
let page: Page;
let errors: string[];

const all = Array.from({ length: COUNT }, (_, i) => demoRow(i + 1));
const byAmount = [...all].sort((a, b) => a.amount - b.amount);

test.before(async () => {
  server = await serveTableDemo();
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  errors = watchErrors(page);
  await page.goto(`${server.url}/?count=${COUNT}`, { waitUntil: 'domcontentloaded' });
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

const waitInfo = (text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="table-info"]')?.textContent === t, {}, text);
/** Rendered data rows (virtuoso also renders spacer rows without data-index). */
const visibleRows = () =>
  page.$$eval('.data-table tbody tr[data-index]', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
/** The info line and the rows are drawn in separate frames (virtuoso lays rows out after the data arrives). */
const waitFirstCell = (column: number, text: string) =>
  page.waitForFunction((c, t) => document.querySelector(`.data-table tbody tr[data-index] td:nth-child(${c})`)?.textContent === t, {}, column, text);
const waitFirstName = (name: string) => waitFirstCell(2, name);
const pageButtons = () => page.$$eval('[data-testid="pagination"] > *', (els) => els.map((e) => e.textContent));
async function clickPage(label: string) {
  const buttons = await page.$$('[data-testid="pagination"] button');
  for (const b of buttons) if ((await b.evaluate((e) => e.textContent)) === label) return b.click();
  throw new Error(`no page button ${label}`);
}
async function setSearch(text: string) {
  await fill(page, { selector: '.table-search' }, text);
}

test('renders the first page of 100,000 rows virtually, with dates and money formatted', async () => {
  await waitInfo('Showing 1 to 100 of 100,000 entries');
  await waitFirstName('Row 000001');
  // The virtual list first renders one row, then as many as its height holds once it has measured it (under
  // load that second render can come after the first row shows: seen once in a full run beside two others).
  await page.waitForFunction(() => document.querySelectorAll('.data-table tbody tr[data-index]').length > 5, { polling: 'mutation' });
  const rows = await visibleRows();
  assert.ok(rows.length > 5 && rows.length < 100, `virtualised: ${rows.length} rows in the DOM`);
  assert.equal(rows[0].slice(0, 3), ['1', 'Row 000001', 'January 1, 2024']);
  assert.is(rows[0][3], `₦${demoRow(1).amount.toFixed(2)}`);
  assert.is(await page.$eval('.data-table thead', (e) => getComputedStyle(e).position), 'sticky');
});

test('arrow keys move a visible row focus and Enter follows the row link', async () => {
  await page.focus('.table-scroll');
  // The first ArrowDown focuses row 1; three more reach row 4; ArrowUp comes back to row 3.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const focused = await page.$eval('tr.row-focused', (tr) => [tr.children[0].textContent, getComputedStyle(tr.children[0]).backgroundColor]);
  assert.is(focused[0], '3');
  assert.is.not(focused[1], 'rgba(0, 0, 0, 0)');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => location.pathname), '/demo/r3');
});

test('debit is green and credit red with colour coding', async () => {
  const colours = await page.$$eval('.data-table tbody tr[data-index="0"] td', (tds) => tds.map((td) => getComputedStyle(td).color));
  assert.is(colours[3], 'rgb(19, 115, 51)');
  assert.is(colours[4], 'rgb(197, 34, 31)');
});

test('sorts in the worker: ascending then descending over all rows', async () => {
  await page.click('.sort-button[data-sort-key="amount"]');
  await waitFirstName(byAmount[0].name);
  await page.click('.sort-button[data-sort-key="amount"]');
  await waitFirstName(byAmount[COUNT - 1].name);
  assert.is(await page.$eval('th[aria-sort]', (e) => e.getAttribute('aria-sort')), 'descending');
  await page.click('.sort-button[data-sort-key="name"]');
  await waitFirstName('Row 000001');
});

test('searches over all rows, and shows Empty table when nothing matches', async () => {
  await setSearch('Row 099999');
  await waitInfo('Showing 1 to 1 of 1 entries');
  await waitFirstName('Row 099999');
  await setSearch('no such row');
  await page.waitForSelector('[data-testid="table-empty"]');
  assert.is(await page.$eval('[data-testid="table-empty"]', (e) => e.textContent), 'Empty table');
  await setSearch('');
  await waitInfo('Showing 1 to 100 of 100,000 entries');
});

test('pages with an ellipsis beyond 5 pages, and page sizes 50/100/250', async () => {
  assert.equal(await pageButtons(), ['Previous', '1', '2', '3', '4', '…', '1000', 'Next']);
  await clickPage('2');
  await waitInfo('Showing 101 to 200 of 100,000 entries');
  await waitFirstCell(1, '101');
  await clickPage('1000');
  await waitInfo('Showing 99,901 to 100,000 of 100,000 entries');
  assert.equal(await pageButtons(), ['Previous', '1', '…', '997', '998', '999', '1000', 'Next']);
  assert.equal(await page.$eval('select[aria-label="Rows per page"]', (s) => [...(s as HTMLSelectElement).options].map((o) => o.value)), ['50', '100', '250']);
  await page.select('select[aria-label="Rows per page"]', '250');
  await waitInfo('Showing 1 to 250 of 100,000 entries');
  assert.ok((await pageButtons()).includes('400'));
  await page.select('select[aria-label="Rows per page"]', '50');
  await waitInfo('Showing 1 to 50 of 100,000 entries');
  await clickPage('3');
  await waitInfo('Showing 101 to 150 of 100,000 entries');
  assert.equal(await pageButtons(), ['Previous', '1', '2', '3', '4', '…', '2000', 'Next']);
});

test('Print renders ALL 100,000 rows in a plain landscape table with a repeated header, then prints', async () => {
  await page.evaluate(() => {
    const w = window as unknown as { print: () => void; printed?: { rows: number; first: string; last: string; heads: string[] } };
    w.print = () => {
      const body = document.querySelectorAll('[data-testid="print-root"] tbody tr');
      w.printed = {
        rows: body.length,
        first: body[0]?.textContent ?? '',
        last: body[body.length - 1]?.textContent ?? '',
        // 100,000 rows print as consecutive tables with the same head (PrintTable's parts): the titles once.
        heads: [...document.querySelector('[data-testid="print-root"] thead tr:last-child')!.querySelectorAll('th')].map((th) => th.textContent ?? ''),
      };
    };
  });
  await page.click('[data-testid="table-print"]');
  await page.waitForFunction(() => 'printed' in window, { timeout: 120000 });
  const printed = (await page.evaluate(() => (window as unknown as { printed: unknown }).printed)) as { rows: number; first: string; last: string; heads: string[] };
  assert.is(printed.rows, COUNT);
  assert.equal(printed.heads, ['S/N', 'Name', 'Date', 'Debit', 'Credit', 'Kind']);
  assert.ok(printed.first.startsWith('1Row 000001'), printed.first);
  assert.ok(printed.last.startsWith('100000Row 100000'), printed.last);
  // Layout of 100,000 rows under print media takes a minute; the styles are proven on the first rows alone.
  await page.evaluate(() => [...document.querySelectorAll('[data-testid="print-root"] tbody tr')].slice(19).forEach((tr) => tr.remove()));
  // The print stylesheet: app hidden, header repeated on every page, rows never split, landscape pages.
  await page.emulateMediaType('print');
  const css = await page.evaluate(() => ({
    app: getComputedStyle(document.getElementById('root')!).display,
    print: getComputedStyle(document.querySelector('[data-testid="print-root"]')!).display,
    thead: getComputedStyle(document.querySelector('.print-table thead')!).display,
    row: getComputedStyle(document.querySelector('.print-table tbody tr')!).breakInside,
    page: document.querySelector('[data-testid="print-root"] style')?.textContent ?? '',
  }));
  await page.emulateMediaType('screen');
  assert.ok(css.page.includes('size: landscape') && css.page.includes('counter(page)'), css.page);
  assert.equal({ ...css, page: '' }, { app: 'none', print: 'block', thead: 'table-header-group', row: 'avoid', page: '' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.waitForFunction(() => !document.querySelector('[data-testid="print-root"]'));
  assert.equal(errors, []);
});

test.run();
