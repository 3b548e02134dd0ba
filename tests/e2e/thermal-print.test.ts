/**
 * One-key thermal printing over a serial port (tests/e2e/fake-serial.ts records the bytes): the printer is
 * connected on /settings/printer, then a quick sale by keyboard prints its receipt with no dialog; the bytes,
 * read back by the tests' ESC/POS reader, are the receipt, with the invoice number's QR code and the cash
 * drawer's kick (ESC p); also over USB, and offline. With the printer unplugged, the invoice opens, says so and
 * prints with the browser.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { openAs } from '../support/open';
import { readEscPos } from '../support/escpos-reader';
import { countPointerEvents, countPrints, typeSlowly, waitBasket, waitFirstTile, savedSaleId } from './sales-helpers';
import { FAKE_PRODUCT, FAKE_VENDOR, fakeSerialPort, serialBytes, waitForCut } from './fake-serial';
import { fakeUsbPrinter, USB_PRINTER, usbBytes } from './fake-usb';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const RULE = '─'.repeat(32);

/**
 * Beans × 1 and Rice × 3, paid 5000, by keyboard alone; resolves on the invoice page (the quick sale goes on to
 * the next sale by default: the test then opens the sale's invoice, as the strip's link does).
 */
async function sellByKeyboard(page: Page): Promise<string> {
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');
  await typeSlowly(page, 'bea');
  await waitFirstTile(page, 'Beans');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1']);
  await typeSlowly(page, 'rice');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await waitBasket(page, ['Beans × 1', 'Rice × 3']);
  await page.keyboard.press('F9');
  await page.keyboard.type('5000');
  await page.keyboard.press('Enter');
  const id = await savedSaleId(page);
  // The strip's link, followed without waiting on it: a printer that cannot be reached opens the invoice by itself.
  await page.evaluate((path) => {
    if (location.pathname === path) return;
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/sales/invoice/${encodeURIComponent(id)}`);
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice"]');
  const text = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  const invoice = /Invoice (\S+?)(?=[A-Z][a-z]+ \d)/.exec(text)?.[1];
  if (!invoice) throw new Error(`no invoice number in: ${text}`);
  return invoice;
}

/** The receipt of sellByKeyboard's sale at 58 mm, as the paper shows it (hand-checked widths: 32 columns). */
function receipt(invoice: string, date: string): string[] {
  return [
    '     Mama Ngozi Provisions',
    RULE,
    `Invoice ${invoice}`,
    date,
    'Walk-in customer',
    RULE,
    'Beans',
    '  1 x N500.00            N500.00',
    'Rice',
    '  3 x N1,000.00        N3,000.00',
    RULE,
    'Subtotal               N3,500.00',
    'Total                  N3,500.00',
    'Amount paid            N3,500.00',
    'Cash                   N5,000.00',
    'Change                 N1,500.00',
    'Balance                    N0.00',
    'Served by Ada Obi',
    '',
    '         Powered by Oja',
    '',
    '',
    '',
    '',
    '',
  ];
}

const SEED = [item('Beans', 500, 10), item('Rice', 1000, 10)];

test('a serial printer connected in settings prints the quick sale on Enter, with the QR code and the drawer kick', async () => {
  const page = await env.browser.newPage();
  await fakeSerialPort(page);
  await countPrints(page);
  const user = testUser(3, { business: 'biz-thermal', businessName: 'Mama Ngozi Provisions', fullname: 'Ada Obi' });
  await openAs(page, env.server.url, user, '/settings/printer', SEED);
  const errors = watchErrors(page);

  // Settings: 58 mm paper, then Connect a serial printer (the fake port is the one 'chosen').
  await page.waitForSelector('[data-testid="printer-settings"]');
  assert.match(await page.$eval('[data-testid="printer-current"]', (e) => e.textContent ?? ''), /No receipt printer/);
  await page.select('select[name="paper"]', '58');
  const connect = await page.waitForSelector('xpath/.//button[text()="Connect a serial printer"]');
  await connect!.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="printer-status"]')?.textContent?.startsWith('Connected: Serial printer'));
  assert.match(await page.$eval('[data-testid="printer-current"]', (e) => e.textContent ?? ''), /This device prints receipts on: Serial printer/);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('oja:printer'))) ?? 'null');
  assert.is(stored.kind, 'serial');
  assert.is(stored.paper, 58);
  assert.equal(stored.device, { vendorId: FAKE_VENDOR, productId: FAKE_PRODUCT, serialNumber: null, id: null });

  // A fresh load of the quick sale: the printer is found again without asking; the sale by keyboard prints.
  await countPointerEvents(page);
  await page.goto(`${env.server.url}/sales/quick`, { waitUntil: 'domcontentloaded' });
  const invoice = await sellByKeyboard(page);
  // The toast lasts 5 s from when the bytes were handed to the port: looked for first, then the bytes.
  await page.waitForFunction(() => document.querySelector('.toasts')?.textContent?.includes('Receipt sent to the printer'));
  await waitForCut(page);

  const printed = readEscPos(await serialBytes(page));
  const date = printed.lines[3];
  assert.match(date, /^[A-Z][a-z]+ \d{1,2}, \d{4} \d{2}:\d{2}$/, printed.lines.join('\n'));
  const expected = receipt(invoice, date);
  assert.equal(printed.lines, expected);
  assert.equal(printed.qrcodes, [invoice]);
  // The drawer kick: ESC p on pin 0, as the sale was paid in cash.
  assert.equal(printed.pulses, [[0, 50, 250]]);
  assert.is(printed.cuts, 1);
  const opened = await page.evaluate(() => (window as unknown as { __serialOpened: { baudRate: number }[] }).__serialOpened);
  assert.equal(opened.map((o) => o.baudRate), [9600]);
  // No browser print dialog, no mouse on the quick sale.
  assert.is(await page.evaluate(() => (window as unknown as { __prints: number }).__prints), 0);
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);

  // The invoice page prints it again on the receipt printer: the same receipt, without opening the drawer.
  const reprint = await page.waitForSelector('xpath/.//button[text()="Print on receipt printer"]');
  await reprint!.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="reprint-status"]')?.textContent === 'Receipt sent to the printer.');
  await page.waitForFunction(() => {
    const b = (window as unknown as { __serialBytes: number[] }).__serialBytes;
    let cuts = 0;
    for (let i = 0; i + 1 < b.length; i++) if (b[i] === 0x1d && b[i + 1] === 0x56) cuts++;
    return cuts === 2;
  });
  const twice = readEscPos(await serialBytes(page));
  assert.equal(twice.lines.slice(0, expected.length), expected);
  // (The copy has no drawer kick, and so one blank line fewer at its end.)
  assert.is(twice.lines.slice(expected.length).join('\n').trimEnd(), expected.join('\n').trimEnd());
  assert.equal(twice.qrcodes, [invoice, invoice]);
  assert.equal(twice.pulses, [[0, 50, 250]], 'one drawer kick: the sale, not the copy');
  assert.equal(errors, []);
  await page.close();
});

test('a USB printer: the driver names its language and codepage table, and the quick sale prints on it', async () => {
  const page = await env.browser.newPage();
  await fakeUsbPrinter(page);
  const user = testUser(3, { business: 'biz-thermal-usb', businessName: 'Mama Ngozi Provisions', fullname: 'Ada Obi' });
  await openAs(page, env.server.url, user, '/settings/printer', SEED);
  await page.waitForSelector('[data-testid="printer-settings"]');
  await page.select('select[name="paper"]', '58');
  const connect = await page.waitForSelector('xpath/.//button[text()="Connect a USB printer"]');
  await connect!.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="printer-status"]')?.textContent?.startsWith('Connected: USB printer (POS58 Printer)'));
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('oja:printer'))) ?? 'null');
  assert.equal([stored.kind, stored.language, stored.codepageMapping, stored.device.serialNumber], ['usb', 'esc-pos', 'zjiang', USB_PRINTER.serialNumber]);

  await page.goto(`${env.server.url}/sales/quick`, { waitUntil: 'domcontentloaded' });
  const invoice = await sellByKeyboard(page);
  await page.waitForFunction(() => document.querySelector('.toasts')?.textContent?.includes('Receipt sent to the printer'));
  const printed = readEscPos(await usbBytes(page));
  assert.equal(printed.lines, receipt(invoice, printed.lines[3]));
  assert.equal(printed.qrcodes, [invoice]);
  assert.equal(printed.pulses, [[0, 50, 250]]);
  assert.is(printed.cuts, 1);
  await page.close();
});

test('closing the chooser without a printer says so and keeps no printer', async () => {
  const page = await env.browser.newPage();
  await fakeSerialPort(page, { cancel: true });
  await openAs(page, env.server.url, testUser(3, { business: 'biz-thermal-cancel' }), '/settings/printer');
  const connect = await page.waitForSelector('xpath/.//button[text()="Connect a serial printer"]');
  await connect!.click();
  await page.waitForFunction(() => document.querySelector('.alert-error')?.textContent === 'No printer was chosen, or the one chosen could not be opened.');
  assert.is(await page.evaluate(() => localStorage.getItem('oja:printer')), null);
  assert.match(await page.$eval('[data-testid="printer-current"]', (e) => e.textContent ?? ''), /No receipt printer/);
  await page.close();
});

test('with the printer unplugged, the receipt prints with the browser and the page says why', async () => {
  const page = await env.browser.newPage();
  await fakeSerialPort(page, { plugged: false });
  await countPrints(page);
  const printer = { kind: 'serial', language: 'esc-pos', paper: 80, currencyText: 'N', code: 'qr', drawer: true, device: { vendorId: FAKE_VENDOR, productId: FAKE_PRODUCT } };
  await openAs(page, env.server.url, testUser(3, { business: 'biz-unplugged' }), '/sales/quick', SEED, { 'oja:printer': JSON.stringify(printer) });
  await sellByKeyboard(page);
  await page.waitForSelector('[data-testid="printer-fallback"]');
  const notice = await page.$eval('[data-testid="printer-fallback"]', (e) => e.textContent ?? '');
  assert.is(notice, 'The receipt printer is not connected. The receipt prints with the browser instead.');
  await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
  assert.equal(await serialBytes(page), []);
  await page.close();
});

// Last in the file: it stops the server (teardown copes with a stopped one).
test('offline: with the server stopped, the quick sale still prints (the printer chunk comes from the cache)', async () => {
  const page = await env.browser.newPage();
  await fakeSerialPort(page);
  const printer = { kind: 'serial', language: 'esc-pos', paper: 58, currencyText: 'N', code: 'qr', drawer: true, device: { vendorId: FAKE_VENDOR, productId: FAKE_PRODUCT } };
  const user = testUser(3, { business: 'biz-thermal-offline', businessName: 'Mama Ngozi Provisions', fullname: 'Ada Obi' });
  await openAs(page, env.server.url, user, '/sales/quick', SEED, { 'oja:printer': JSON.stringify(printer) });
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller);
  await env.server.stop();
  const invoice = await sellByKeyboard(page);
  await page.waitForFunction(() => document.querySelector('.toasts')?.textContent?.includes('Receipt sent to the printer'));
  await waitForCut(page);
  const printed = readEscPos(await serialBytes(page));
  assert.equal(printed.lines, receipt(invoice, printed.lines[3]));
  assert.equal(printed.pulses, [[0, 50, 250]]);
  await page.close();
});

test.run();
