/**
 * Banks and expenses in Chromium: a bank created with a starting balance shows in the list and the summary; an
 * expense recorded from it moves the bank statement and the expense list; the statement prints every row in
 * landscape; the expense is deleted under a policy that allows it; read-only mode hides every create button.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser } from '../support/fixtures';
import { text } from './store-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
const OWNER = testUser(0);

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const rowsOf = (page: Page, table: string) =>
  page.$$eval(`[data-testid="${table}"] .data-table tbody tr[data-index]`, (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));

const rowCount = (page: Page, table: string, n: number) =>
  page.waitForFunction((t, count) => document.querySelectorAll(`[data-testid="${t}"] .data-table tbody tr[data-index]`).length === count, {}, table, n);

async function choose(page: Page, label: string, optionText: string, scope = 'body') {
  const id = await page.$$eval(`${scope} label`, (labels, l) => (labels.find((x) => x.textContent?.trim() === l) as HTMLLabelElement | undefined)?.htmlFor ?? '', label);
  await page.waitForFunction((i, t) => [...(document.getElementById(i) as HTMLSelectElement).options].some((o) => o.textContent?.startsWith(t)), {}, id, optionText);
  const value = await page.$eval(`[id="${id}"]`, (s, t) => [...(s as HTMLSelectElement).options].find((o) => o.textContent?.startsWith(t))!.value, optionText);
  await page.select(`[id="${id}"]`, value);
}

test('a bank with a starting balance; an expense from it moves the statement and the list; print; delete', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, OWNER, '/banks', [['config-set', { deletePolicy: 'all', colorCode: true, showActor: true }]]);
  // Watched from the app's first page on (the seeding page, a script shown as a document, asks for /favicon.ico).
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="table-empty"]');
  assert.is(await text(page, '[data-testid="table-empty"]'), 'You do not have any banks');

  // New bank, from the keyboard once the modal is open.
  await clickText(page, 'New bank');
  await page.waitForSelector('[data-testid="new-bank-modal"]');
  await fill(page, 'Bank name', 'GTB', '[data-testid="new-bank-modal"]');
  await fill(page, 'Account name', 'Ada Stores', '[data-testid="new-bank-modal"]');
  await fill(page, 'Account number', '0123456789', '[data-testid="new-bank-modal"]');
  await fill(page, 'Starting balance', '5,000', '[data-testid="new-bank-modal"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="new-bank-modal"]', { hidden: true });
  await rowCount(page, 'banks-table', 1);
  const heads = await page.$$eval('[data-testid="banks-table"] thead th', (ths) => ths.map((th) => th.textContent?.trim()));
  assert.equal(heads, ['S/N', 'Name', 'Account name', 'Account number', 'Payments', 'Balance', 'Statement']);
  assert.equal((await rowsOf(page, 'banks-table'))[0], ['1', 'GTB', 'Ada Stores', '0123456789', '₦5,000.00', '₦5,000.00', 'Statement']);
  await page.waitForSelector('[data-testid="banks-summary"]');
  assert.is(await text(page, '[data-testid="bank-count"]'), '1');
  assert.is(await text(page, '[data-testid="total-deposit"]'), '₦5,000.00');
  assert.is(await text(page, '[data-testid="total-balance"]'), '₦5,000.00');
  const bankHref = await page.$eval('[data-testid="banks-table"] a[href^="/banks/"]', (a) => a.getAttribute('href') ?? '');

  // An expense paid from that bank.
  await page.goto(env.server.url + '/expenses', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="table-empty"]');
  assert.is(await text(page, '[data-testid="table-empty"] p'), 'You do not have any expenses');
  await clickText(page, 'New expense');
  await page.waitForSelector('[data-testid="new-expense-modal"]');
  await fill(page, 'Amount', '1200', '[data-testid="new-expense-modal"]');
  await choose(page, 'Paid from', 'GTB', '[data-testid="new-expense-modal"]');
  await choose(page, 'Category', 'Rent', '[data-testid="new-expense-modal"]');
  await fill(page, 'Purpose', 'Shop rent for March', '[data-testid="new-expense-modal"]');
  await clickText(page, 'Save', '[data-testid="new-expense-modal"]');
  await page.waitForSelector('[data-testid="new-expense-modal"]', { hidden: true });
  await rowCount(page, 'expenses-table', 1);
  const expense = (await rowsOf(page, 'expenses-table'))[0];
  assert.equal([expense[0], expense[2], expense[3], expense[4], expense[5]], ['1', '₦1,200.00', 'Shop rent for March', 'Rent', 'GTB']);
  assert.is(await text(page, '[data-testid="expense-count"]'), '1');
  assert.is(await text(page, '[data-testid="expense-total"]'), '₦1,200.00');
  assert.is(await text(page, '[data-testid="category-Rent"]'), '₦1,200.00');
  const expenseHref = await page.$eval('[data-testid="expenses-table"] a[href^="/expenses/"]', (a) => a.getAttribute('href') ?? '');

  // The bank's statement moved: the start balance in, the expense out.
  await page.goto(env.server.url + bankHref, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="statement-title"]');
  assert.is(await text(page, '[data-testid="statement-title"]'), 'GTB (0123456789)');
  await rowCount(page, 'statement-table', 2);
  const statementHeads = await page.$$eval('[data-testid="statement-table"] thead th', (ths) => ths.map((th) => th.textContent?.trim()));
  // showActor (show-initiator) is on: the User column.
  assert.equal(statementHeads, ['S/N', 'Date', 'Description', 'Details', 'Invoice/Teller number', 'Debit', 'Credit', 'Balance', 'User']);
  const statement = await rowsOf(page, 'statement-table');
  assert.equal(statement.map((r) => [r[2], r[5], r[6], r[7], r[8]]), [
    ['Start balance', '₦5,000.00', '', '₦5,000.00', 'User 0'],
    ['Shop rent for March', '', '₦1,200.00', '₦3,800.00', 'User 0'],
  ]);
  assert.ok(await page.$('[data-testid="statement-table"] .color-code'), 'colour coding on');
  assert.is(await page.$eval('[data-testid="statement-table"] tbody tr[data-index="1"] td:nth-child(7)', (td) => td.className), 'tone-credit');
  assert.is(await page.$eval(`[data-testid="statement-table"] a[href="${expenseHref.replace(/\/$/, '')}"]`, (a) => a.textContent), 'View');

  // CSV: every row with the screen's columns; money as numbers a spreadsheet adds up.
  await page.evaluate(() => {
    const w = window as unknown as { csv?: string[] };
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      void (blob as Blob).text().then((t) => (w.csv = [...(w.csv ?? []), t]));
      return create(blob);
    };
  });
  await page.click('[data-testid="statement-table"] [data-testid="table-csv"]');
  await page.waitForFunction(() => ((window as unknown as { csv?: string[] }).csv ?? []).length === 1);
  const csv = (await page.evaluate(() => (window as unknown as { csv: string[] }).csv[0])).trim().split('\r\n');
  assert.is(csv[0], 'S/N,Date,Description,Details,Invoice/Teller number,Debit,Credit,Balance,User');
  assert.is(csv.length, 3);
  assert.ok(csv[2].startsWith('2,') && csv[2].endsWith(',Shop rent for March,,,0,1200,3800,User 0'), csv[2]);

  // Print: every row in a plain table, landscape.
  await page.evaluate(() => {
    const w = window as unknown as { print: () => void; printed?: { rows: string[]; landscape: boolean; title: string } };
    // Read the printout while printing: it leaves the page once print() returns.
    w.print = () => {
      w.printed = {
        rows: [...document.querySelectorAll('[data-testid="print-root"] tbody tr')].map((tr) => tr.textContent ?? ''),
        landscape: [...document.querySelectorAll('[data-testid="print-root"] style')].some((s) => /size:\s*landscape/.test(s.textContent ?? '')),
        title: document.querySelector('[data-testid="print-root"] [data-testid="print-title"]')?.textContent ?? '',
      };
    };
  });
  await page.click('[data-testid="statement-table"] [data-testid="table-print"]');
  await page.waitForFunction(() => 'printed' in window);
  const printed = (await page.evaluate(() => (window as unknown as { printed: { rows: string[]; landscape: boolean; title: string } }).printed)) as {
    rows: string[];
    landscape: boolean;
    title: string;
  };
  assert.is(printed.rows.length, 2);
  assert.ok(printed.rows[1].includes('Shop rent for March') && printed.rows[1].includes('₦3,800.00'), printed.rows[1]);
  assert.ok(printed.landscape);
  assert.is(printed.title, 'Statement of GTB (0123456789)');

  // Delete the expense under a policy that allows it: confirm, 'Deleted!', back to /expenses.
  await page.goto(env.server.url + expenseHref, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="expense-detail"]');
  assert.is(await text(page, '[data-testid="expense-amount"]'), '₦1,200.00');
  assert.is(await text(page, '[data-testid="expense-details"]'), 'Shop rent for March');
  assert.is(await text(page, '[data-testid="expense-user"]'), 'User 0');
  await clickText(page, 'Delete');
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  const confirm = await text(page, '[data-testid="confirm-dialog"]');
  assert.ok(confirm.includes('Are you sure?') && confirm.includes('Yes, delete it!'), confirm);
  await clickText(page, 'Yes, delete it!');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-dialog"]')?.textContent?.includes('Deleted!'));
  await waitForPath(page, '/expenses');
  await page.waitForSelector('[data-testid="expenses-table"] [data-testid="table-empty"]');
  assert.ok(await page.$('[data-testid="add-expense"]'), 'the empty state offers Add expense');

  // It stopped counting: the bank is back to its starting balance.
  await page.goto(env.server.url + bankHref, { waitUntil: 'domcontentloaded' });
  // One row under a header wrapped onto several lines (nine columns in an 800 px window) still shows.
  await rowCount(page, 'statement-table', 1);
  assert.is(await text(page, '[data-testid="bank-balance"]'), 'Balance: ₦5,000.00');
  assert.equal(errors, []);
  await page.close();
});

test('an unknown bank or expense goes to /not-found', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, OWNER, '/banks/cNOPE');
  await waitForPath(page, '/not-found');
  await openAs(page, env.server.url, OWNER, '/expenses/aNOPE');
  await waitForPath(page, '/not-found');
  await page.close();
});

test('read-only mode hides New bank, New expense, Add expense, Customer payment and Supplier payment', async () => {
  const page = await env.browser.newPage();
  const readOnly = { 'oja:read-only': '1' };
  // A business of its own: the empty states (Add expense) do not depend on what another test left.
  const OWNER = testUser(0, { business: 'biz-read-only' });
  await openAs(page, env.server.url, OWNER, '/banks', [], readOnly);
  await page.waitForSelector('[data-testid="banks-table"]');
  await page.waitForSelector('[data-testid="read-only-badge"]');
  assert.is(await page.$('[data-testid="new-bank"]'), null);
  await openAs(page, env.server.url, OWNER, '/expenses', [], readOnly);
  await page.waitForSelector('[data-testid="expenses-table"] [data-testid="table-empty"]');
  assert.is(await page.$('[data-testid="new-expense"]'), null);
  assert.is(await page.$('[data-testid="add-expense"]'), null);
  await openAs(page, env.server.url, OWNER, '/cashbook', [], readOnly);
  await page.waitForSelector('[data-testid="cashbook-table"] [data-testid="table-empty"]');
  assert.is(await page.$('[data-testid="customer-payment"]'), null);
  assert.is(await page.$('[data-testid="supplier-payment"]'), null);
  // Without the flag every one of them shows.
  await openAs(page, env.server.url, OWNER, '/expenses');
  await page.waitForSelector('[data-testid="new-expense"]');
  assert.ok(await page.$('[data-testid="add-expense"]'));
  await openAs(page, env.server.url, OWNER, '/cashbook');
  await page.waitForSelector('[data-testid="customer-payment"]');
  assert.ok(await page.$('[data-testid="supplier-payment"]'));
  await openAs(page, env.server.url, OWNER, '/banks');
  await page.waitForSelector('[data-testid="new-bank"]');
  await page.close();
});

test.run();
