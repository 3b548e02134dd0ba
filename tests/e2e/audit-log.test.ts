/**
 * The audit log in the browser (issues 30 and 36): the owner and a manager change prices and a setting on a real
 * server, whose /db gate writes the entries; the owner's browser syncs them, filters by person and by kind,
 * prints the filtered rows landscape and exports them as CSV; a manager cannot open /audit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { watchErrors } from './harness';
import { REGISTRATION, testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { addStaff, type Client } from '../server/helpers';
import { loginThroughScreen } from './signin-steps';
import { setupBusiness } from './business-setup';

let env: Awaited<ReturnType<typeof setupBusiness>>;
test.before(async () => {
  env = await setupBusiness('Audit Shop');
});
test.after(async () => {
  await env?.teardown();
});

const manager = testUser(1, { business: 'biz-audit', fullname: 'Femi Manager' });

const rows = (page: Page) => page.$$eval('[data-testid="audit-table"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

/** Waits until the table shows exactly `n` rows (or its empty text for 0). */
async function showing(page: Page, n: number): Promise<string[][]> {
  await page.waitForFunction(
    (count) => {
      const wrap = document.querySelector('[data-testid="audit-table"]');
      if (!wrap) return false;
      const trs = wrap.querySelectorAll('tbody tr td:first-child');
      return count === 0 ? !!wrap.querySelector('.table-empty') : trs.length === count && !wrap.querySelector('.table-empty');
    },
    { polling: 'mutation' },
    n,
  );
  return rows(page);
}

test('the owner filters the log by person and kind, prints it landscape and exports it', async () => {
  const { business, server } = env;
  const main = `/db/oja-${business.id}`;
  const shared = `${main}-shared`;
  const femi = await addStaff(business.owner, business.id, 'Femi Manager', 1);
  const stamp = (username: string) => ({ username, fullname: username });
  // The owner's and the manager's writes, as their tills push them: the server's gate records each change.
  const item = { stores: 'item', name: 'Rice', price: 1500, purchasePrice: 1000, date: Date.now(), user: stamp(business.username) };
  let rev = (await business.owner.call('PUT', `${main}/7Arice`, item)).body.rev;
  const policy = await business.owner.call('GET', `${shared}/config-deletePolicy`);
  assert.is((await business.owner.call('PUT', `${shared}/config-deletePolicy`, { ...policy.body, value: 'all' })).status, 201);
  const price = async (who: Client, value: number) => {
    const res = await who.call('PUT', `${main}/7Arice`, { ...item, _rev: rev, price: value });
    assert.is(res.status, 201, JSON.stringify(res.body));
    rev = res.body.rev;
  };
  await price(business.owner, 1600);
  await price(femi.client, 1700);

  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await loginThroughScreen(page, server.url, business.username, REGISTRATION.password);
  await page.waitForFunction(() => !location.pathname.startsWith('/authentication'));
  await page.goto(server.url + '/settings', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('a[href="/audit"]');
  await page.click('a[href="/audit"]');
  await page.waitForSelector('[data-testid="audit-screen"]');
  // The entries arrive with the owner's sync.
  const all = await showing(page, 3);
  const kinds = all.map((r) => r[3]).sort();
  assert.equal(kinds, ['Price change', 'Price change', 'Setting change']);

  // Person: the choices are whoever has an entry in the period.
  const people = await page.$$eval('select[name="audit-person"] option', (os) => os.map((o) => o.textContent));
  assert.equal(people, ['Everyone', REGISTRATION.owner, 'Femi Manager']);
  await page.select('select[name="audit-person"]', femi.username);
  const byFemi = await showing(page, 1);
  assert.equal([byFemi[0][2], byFemi[0][3], byFemi[0][4], byFemi[0][5]], ['Femi Manager', 'Price change', 'Rice', 'Price: 1,600.00 → 1,700.00']);

  // Kind, with everyone again.
  await page.select('select[name="audit-person"]', '');
  await page.select('select[name="audit-kind"]', 'setting-change');
  const settings = await showing(page, 1);
  assert.equal([settings[0][2], settings[0][5]], [REGISTRATION.owner, 'Who may delete: Not allowed → Everybody']);
  await page.select('select[name="audit-kind"]', 'price-change');
  const prices = await showing(page, 2);
  assert.equal(prices.map((r) => r[5]), ['Price: 1,600.00 → 1,700.00', 'Price: 1,500.00 → 1,600.00'], 'newest first');
  await page.select('select[name="audit-kind"]', 'device-revoke');
  await showing(page, 0);
  await page.select('select[name="audit-kind"]', 'price-change');
  await showing(page, 2);

  // CSV of the filtered rows, with the table's columns.
  await page.evaluate(() => {
    const w = window as unknown as { csv?: string[] };
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      void (blob as Blob).text().then((t) => (w.csv = [...(w.csv ?? []), t]));
      return create(blob);
    };
  });
  await page.click('[data-testid="audit-table"] [data-testid="table-csv"]');
  await page.waitForFunction(() => ((window as unknown as { csv?: string[] }).csv ?? []).length === 1);
  const csv = (await page.evaluate(() => (window as unknown as { csv: string[] }).csv[0])).trim().split('\r\n');
  assert.is(csv[0], 'S/N,When,Who,Kind,On,Before → after,Device');
  assert.is(csv.length, 3);
  assert.match(csv[1], /^1,.*,Femi Manager,Price change,Rice,"Price: 1,600.00 → 1,700.00",[^,]+$/);

  // Print: the filtered rows, landscape.
  await page.evaluate(() => {
    const w = window as unknown as { print: () => void; printed?: { rows: string[]; landscape: boolean } };
    w.print = () => {
      w.printed = {
        rows: [...document.querySelectorAll('[data-testid="print-root"] tbody tr')].map((tr) => tr.textContent ?? ''),
        landscape: [...document.querySelectorAll('[data-testid="print-root"] style')].some((s) => /size:\s*landscape/.test(s.textContent ?? '')),
      };
    };
  });
  await page.click('[data-testid="audit-table"] [data-testid="table-print"]');
  await page.waitForFunction(() => 'printed' in window);
  const printed = (await page.evaluate(() => (window as unknown as { printed: { rows: string[]; landscape: boolean } }).printed)) as { rows: string[]; landscape: boolean };
  assert.is(printed.rows.length, 2);
  assert.ok(printed.rows[0].includes('Femi Manager') && printed.rows[0].includes('Price: 1,600.00 → 1,700.00'), printed.rows[0]);
  assert.ok(printed.landscape);
  assert.equal(errors, []);
  await page.close();
});

test('a manager does not reach the audit log', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, manager, '/audit');
  await page.waitForFunction(() => location.pathname === '/not-found' || !!document.querySelector('[data-testid="audit-screen"]'));
  assert.is(await page.evaluate(() => location.pathname), '/not-found');
  await page.close();
});

test.run();
