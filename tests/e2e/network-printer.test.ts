/**
 * The network printer end to end: a till signed in through the login screen sets a network printer on
 * /settings/printer (a TCP listener of this test on 127.0.0.1, reachable because this server runs with
 * PRINTER_ALLOW_LOOPBACK=1 and the listener's port in PRINTER_PORTS), then a quick sale by keyboard prints: the
 * Oja server delivers the receipt's bytes to the listener, which read back as the receipt with its drawer kick.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:net';
import { startDriver, drive, signedInUser } from '../support/driver';
import { readEscPos } from '../support/escpos-reader';
import { item, REGISTRATION } from '../support/fixtures';
import { setupBusiness } from './business-setup';
import { go, loginThroughScreen } from './signin-steps';
import { typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';

let env: Awaited<ReturnType<typeof setupBusiness>>;
let listener: Server;
let port = 0;
const received: number[][] = [];

test.before(async () => {
  listener = createServer((socket) => {
    const bytes: number[] = [];
    socket.on('data', (d) => bytes.push(...d));
    socket.on('end', () => {
      received.push(bytes);
      socket.end();
    });
  });
  port = await new Promise<number>((resolve) => listener.listen(0, '127.0.0.1', () => resolve((listener.address() as { port: number }).port)));
  env = await setupBusiness('Network Shop', { PRINTER_ALLOW_LOOPBACK: '1', PRINTER_PORTS: String(port) });
});
test.after(async () => {
  await env?.teardown();
  await new Promise((r) => listener?.close(r));
});

test('a quick sale prints on the network printer through the Oja server', async () => {
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, env.business.username, REGISTRATION.password);
  const user = await signedInUser(page);
  await startDriver(page, user);
  for (const call of [item('Beans', 500, 10), item('Rice', 1000, 10)]) await drive(page, call[0], call[1]);

  await go(page, '/settings/printer');
  await page.waitForSelector('[data-testid="printer-settings"]');
  await page.type('input[name="host"]', '127.0.0.1');
  await page.click('input[name="port"]', { clickCount: 3 });
  await page.keyboard.type(String(port));
  await page.select('select[name="paper"]', '58');
  await page.click('input[name="currencyText"]', { clickCount: 3 });
  await page.keyboard.type('NGN');
  const use = await page.waitForSelector('xpath/.//button[text()="Use network printer"]');
  await use!.click();
  await page.waitForFunction((p) => document.querySelector('[data-testid="printer-current"]')?.textContent === `This device prints receipts on: Network printer at 127.0.0.1:${p}.`, {}, port);

  await go(page, '/sales/quick');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await typeSlowly(page, 'bea');
  await waitFirstTile(page, 'Beans');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1']);
  await typeSlowly(page, 'rice');
  await waitFirstTile(page, 'Rice');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Beans × 1', 'Rice × 1']);
  await page.keyboard.press('F9');
  await page.keyboard.type('2000');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.toasts')?.textContent?.includes('Receipt sent to the printer'));

  // The listener counts a receipt when its connection ends, which may come a moment after the server's answer.
  for (const limit = Date.now() + 10_000; received.length < 1 && Date.now() < limit; ) await new Promise((r) => setTimeout(r, 20));
  assert.is(received.length, 1);
  const printed = readEscPos(received[0]);
  const text = printed.lines.join('\n');
  assert.is(printed.lines[0], '          Network Shop');
  for (const line of ['Beans', '  1 x NGN 500.00      NGN 500.00', 'Rice', 'Total               NGN 1,500.00', 'Cash                NGN 2,000.00', 'Change                NGN 500.00']) {
    assert.ok(printed.lines.includes(line), `${line}\n${text}`);
  }
  const invoice = /^Invoice (\S+)$/m.exec(text)?.[1];
  assert.ok(invoice, text);
  assert.equal(printed.qrcodes, [invoice]);
  assert.equal(printed.pulses, [[0, 50, 250]]);
  assert.is(printed.cuts, 1);
  await page.close();
});

test.run();
