/**
 * Share PDF (issue 29): the invoice made in the browser by the pdf chunk (jsPDF, loaded on the first click and
 * not before), read back with PDF.js, carries the invoice header, the invoice number, every line (SN,
 * description, quantity, unit price, total) and every totals row with the printout's figures, ₦ included.
 * Where the browser can share files it goes to navigator.share (a recording stand-in here: headless Chromium has
 * no share sheet); where it cannot, it is downloaded.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { formatDate } from '../../commands/lib/dates';
import { setup, watchErrors } from './harness';
import { pdfLines } from './pdf-read';
import { item, testUser } from '../support/fixtures';
import { openAs } from '../support/open';
import { seedPage } from '../support/seed';

let env: Awaited<ReturnType<typeof setup>>;
const downloads = mkdtempSync(join(tmpdir(), 'oja-pdf-'));
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
  rmSync(downloads, { recursive: true, force: true });
});

const OWNER = testUser(0, { business: 'biz-share-pdf', businessName: 'Mama Ngozi Provisions' });

/** A sale of three lines to a customer, with a rich-text invoice header; answers the sale and the customer's id. */
async function seedSale(page: Page) {
  await openAs(page, env.server.url, null, '/not-found');
  const [rice, fish, oil, chioma] = await seedPage(page, OWNER, [
    item('Rice 50kg', 60000, 20),
    item('Ẹja gbígbẹ (dried fish)', 2500.5, 20),
    item('Palm oil', 9000, 20),
    ['client-create', { kind: 'customer', name: 'Chioma Obi', phone_number: '08030000000' }],
    ['invoice-header-set', { content: '<h1 style="text-align:center">Mama Ngozi Provisions</h1><p>12 Balogun Street, Lagos<br>0803 111 2222</p>' }],
  ]);
  const [sale] = await seedPage(page, OWNER, [
    [
      'sale-create',
      {
        customer: { with_account: true, name: 'Chioma Obi', phone_number: '08030000000', account_ref: chioma._id },
        items: [
          { id: rice.id, name: 'Rice 50kg', price: 60000, quantity: 2 },
          { id: fish.id, name: 'Ẹja gbígbẹ (dried fish)', price: 2500.5, quantity: 3 },
          { id: oil.id, name: 'Palm oil', price: 9000, quantity: 1 },
        ],
        amount_paid: 100000,
        confirmDebt: true,
      },
    ],
  ]);
  return sale;
}

const loaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/chunks\/pdf-share-/.test(r.name)));

test('Share PDF hands the invoice to the share sheet, with its header, every line and the totals', async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  // The browser's share sheet, recorded: the file shared, as base64.
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __shared?: { name: string; type: string; title?: string; data: string } };
    navigator.canShare = (data?: ShareData) => !!data?.files?.length;
    navigator.share = async (data?: ShareData) => {
      const file = data!.files![0];
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      w.__shared = { name: file.name, type: file.type, title: data!.title, data: btoa(binary) };
    };
  });
  const sale = await seedSale(page);
  await openAs(page, env.server.url, OWNER, `/sales/invoice/${sale.id}`);
  await page.waitForSelector('[data-testid="invoice"]');
  assert.is(await loaded(page), false, 'jsPDF is not loaded with the invoice');
  await page.click('[data-testid="share-pdf"]');
  const handle = await page.waitForFunction(() => (window as unknown as { __shared?: unknown }).__shared);
  const shared = (await handle.jsonValue()) as { name: string; type: string; title: string; data: string };
  assert.is(await loaded(page), true, 'the pdf chunk came with the click');
  assert.is(shared.type, 'application/pdf');
  assert.is(shared.name, `invoice-${sale.invoice_number}.pdf`);
  const bytes = Buffer.from(shared.data, 'base64');
  assert.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');

  const [lines, ...more] = await pdfLines(bytes);
  assert.is(more.length, 0, 'one page');
  const at = (text: string) => lines.indexOf(text);
  // The header as text, then the document.
  assert.equal(lines.slice(0, 4), ['Mama Ngozi Provisions', '12 Balogun Street, Lagos', '0803 111 2222', 'Invoice']);
  assert.ok(at(`Invoice number: ${sale.invoice_number}`) > 0, lines.join('\n'));
  assert.ok(at(`Date: ${formatDate(Date.now())}`) > 0, lines.join('\n'));
  assert.ok(at('To: Chioma Obi 08030000000') > 0, lines.join('\n'));
  const table = [
    'SN | Description | Quantity | Unit Price | Total',
    '1 | Rice 50kg | 2 | ₦60,000.00 | ₦120,000.00',
    '2 | Ẹja gbígbẹ (dried fish) | 3 | ₦2,500.50 | ₦7,501.50',
    '3 | Palm oil | 1 | ₦9,000.00 | ₦9,000.00',
  ];
  assert.equal(lines.slice(at(table[0]), at(table[0]) + 4), table, lines.join('\n'));
  // The totals rows as the printout's (invoiceTotals): 136,501.50 due, 100,000 paid.
  const totals = ['Subtotal | ₦136,501.50', 'Total | ₦136,501.50', 'Amount paid | ₦100,000.00', 'Balance | ₦36,501.50'];
  assert.equal(lines.slice(at(totals[0]), at(totals[0]) + 4), totals, lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('Amount in words: ')), lines.join('\n'));
  assert.is(lines[lines.length - 1], 'Powered by Oja');

  // The printout says the same figures.
  const printed = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  for (const figure of ['₦120,000.00', '₦7,501.50', '₦136,501.50', '₦100,000.00', '₦36,501.50']) assert.ok(printed.includes(figure), figure);
  assert.equal(errors, []);
  await page.close();
});

test('where the browser cannot share files, Share PDF downloads it', async () => {
  const page = await env.browser.newPage();
  const cdp = await env.browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
  const done = new Promise<string>((resolve) => {
    let name = '';
    cdp.on('Browser.downloadWillBegin', (e) => (name = e.suggestedFilename));
    cdp.on('Browser.downloadProgress', (e) => e.state === 'completed' && resolve(name));
  });
  await page.evaluateOnNewDocument(() => {
    navigator.canShare = () => false;
  });
  const sale = await seedSale(page);
  await openAs(page, env.server.url, OWNER, `/sales/invoice/${sale.id}`);
  await page.click('[data-testid="share-pdf"]');
  const name = await done;
  assert.is(name, `invoice-${sale.invoice_number}.pdf`);
  const [lines] = await pdfLines(readFileSync(join(downloads, name)));
  assert.ok(lines.includes(`Invoice number: ${sale.invoice_number}`), lines.join('\n'));
  assert.ok(lines.includes('Balance | ₦36,501.50'), lines.join('\n'));
  await page.close();
});

test("a statement's PDF carries every row of the period over its pages, the heading on each", async () => {
  const page = await env.browser.newPage();
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __shared?: string };
    navigator.canShare = (data?: ShareData) => !!data?.files?.length;
    navigator.share = async (data?: ShareData) => {
      const bytes = new Uint8Array(await data!.files![0].arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      w.__shared = btoa(binary);
    };
  });
  await openAs(page, env.server.url, null, '/not-found');
  const [bola] = await seedPage(page, OWNER, [['client-create', { kind: 'customer', name: 'Bola Ade', phone_number: '08031234567' }]]);
  const PAYMENTS = 60;
  const payments = await seedPage(
    page,
    OWNER,
    Array.from({ length: PAYMENTS }, (_, i) => ['payment-create', { kind: 'customer', client: bola._id, factor: -1, amount: 1000 + i, medium: 'cash', details: `Part ${i + 1}` }] as const),
  );
  await openAs(page, env.server.url, OWNER, `/customer/${bola._id}`);
  await page.waitForSelector('[data-testid="statement-ends"]');
  await page.click('[data-testid="share-pdf"]');
  const handle = await page.waitForFunction(() => (window as unknown as { __shared?: string }).__shared);
  const pages = await pdfLines(Buffer.from((await handle.jsonValue()) as string, 'base64'));
  const all = pages.flat();
  if (process.env.SHOW_PDF) console.log(all.join('\n'));
  assert.ok(pages.length >= 2, `${pages.length} page`);
  assert.equal(pages.map((p) => p.filter((l) => l.startsWith('S/N | Date | Description')).length), pages.map(() => 1), 'the heading on each page');
  assert.equal(pages.map((p) => p[p.length - 1]), pages.map((_, i) => `Page ${i + 1} of ${pages.length}`));
  assert.ok(all.includes('Statement of Bola Ade'), all.join('\n'));
  // Every payment is a credit row with its details, in order; the closing balance is what was paid, in credit.
  const rows = all.filter((l) => /^\d+ \| /.test(l) && l.includes('Part '));
  assert.is(rows.length, PAYMENTS, all.join('\n'));
  rows.forEach((r, i) => assert.ok(r.startsWith(`${i + 1} | `) && r.includes(`| Part ${i + 1} |`) && r.includes(`₦${(1000 + i).toLocaleString('en-US')}.00`), r));
  const paid = Array.from({ length: PAYMENTS }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
  assert.ok(all.includes(`Closing balance | -₦${paid.toLocaleString('en-US')}.00`), all.join('\n'));

  // A payment receipt: its rows as label and value.
  await openAs(page, env.server.url, OWNER, `/payment/invoice/${payments[0].id}`);
  await page.waitForSelector('[data-testid="receipt"]');
  await page.click('[data-testid="share-pdf"]');
  const receipt = await page.waitForFunction(() => (window as unknown as { __shared?: string }).__shared);
  const [lines] = await pdfLines(Buffer.from((await receipt.jsonValue()) as string, 'base64'));
  // The balance as the receipt prints it (the account's now, every payment in).
  const balance = await page.$eval('[data-testid="receipt-balance"]', (e) => e.textContent);
  assert.is(balance, `-₦${paid.toLocaleString('en-US')}.00`);
  for (const line of ['Payment receipt', 'Received from | Bola Ade', 'Phone number | +2348031234567', 'Amount | ₦1,000.00', 'Paid through | Cash', 'Details | Part 1', `Balance | ${balance}`]) {
    assert.ok(lines.includes(line), `${line} in\n${lines.join('\n')}`);
  }
  await page.close();
});

test.run();
