/**
 * Units of measure in the browser (issue 28), by keyboard alone: in the quick sale a carton's barcode scanned
 * (or typed by hand) adds a carton at the carton price and a piece typed adds a piece, F6 switches a line's unit; the receipt names each line's unit; the
 * store list then shows the stock both ways ('8 cartons 19 pieces = 211 pieces').
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { countPointerEvents, scannerBurst, typeSlowly, waitBasket, waitFirstTile } from './sales-helpers';
import { openAs } from '../support/open';
import { seedPage } from '../support/seed';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const CARTON = '6151234500017';

test('a carton scanned and pieces typed in one quick sale; stock both ways on the store list', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await countPointerEvents(page);
  await openAs(page, env.server.url, testUser(0, { business: 'units-1' }), '/sales/quick', [
    // The receipt is read on the invoice page: 'After a quick sale' on the invoice (the default goes on).
    ['config-set', { quickSaleAfter: 'invoice' }],
    // 240 pieces = 10 cartons of 24.
    item('Indomie', 220, 240, { purchasePrice: 175, unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800, barcode: CARTON }] }),
  ]);
  const errors = watchErrors(page);
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search');
  await page.waitForSelector('[data-testid="quick-results"] .tile');
  // The tile counts the stock in packs: 240 pieces are 10 cartons.
  assert.is(await page.$eval('[data-testid="quick-results"] .tile-left', (e) => e.textContent), '10 cartons left');

  // The carton's barcode: one carton at ₦4,800.
  await scannerBurst(page, CARTON);
  await waitBasket(page, ['Indomie · carton × 1']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦4,800.00');
  // The same code typed by hand (no scanner) and Enter: one more carton; − takes it off again.
  await typeSlowly(page, CARTON);
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Indomie · carton × 2']);
  await page.waitForFunction(() => (document.getElementById('quick-search') as HTMLInputElement).value === '');
  await page.keyboard.press('-');
  await waitBasket(page, ['Indomie · carton × 1']);

  // The item typed: a piece at ₦220, on a line of its own; + four times makes 5 pieces.
  await typeSlowly(page, 'indomie');
  await waitFirstTile(page, 'Indomie');
  await page.keyboard.press('Enter');
  await waitBasket(page, ['Indomie · carton × 1', 'Indomie · piece × 1']);
  for (let i = 0; i < 4; i++) await page.keyboard.press('+');
  await waitBasket(page, ['Indomie · carton × 1', 'Indomie · piece × 5']);
  // 4,800 + 5 × 220 = 5,900.
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦5,900.00');
  // F6 switches the selected line's unit: 5 cartons (4,800 + 5 × 4,800 = 28,800), and back to pieces.
  assert.ok(await page.$eval('.cheat-sheet', (e) => e.textContent?.includes('F6')));
  await page.keyboard.press('F6');
  await waitBasket(page, ['Indomie · carton × 1', 'Indomie · carton × 5']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦28,800.00');
  await page.keyboard.press('F6');
  await waitBasket(page, ['Indomie · carton × 1', 'Indomie · piece × 5']);
  assert.is(await page.$eval('[data-testid="total-due"]', (e) => e.textContent), '₦5,900.00');

  await page.keyboard.press('F9');
  await page.keyboard.type('5900');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/sales/invoice/'));
  await page.waitForSelector('[data-testid="invoice"]');
  const receipt = await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? '');
  for (const text of ['1 carton × ₦4,800.00', '5 pieces × ₦220.00', '₦5,900.00']) assert.ok(receipt.includes(text), `${text} in ${receipt}`);
  assert.equal(await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer), []);

  // 240 − 24 − 5 = 211 pieces: 8 cartons and 19 pieces.
  await page.goto(env.server.url + '/store', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="store-table"] tbody td')].some((td) => td.textContent === '8 cartons 19 pieces = 211 pieces'),
    { polling: 'mutation' },
  );
  assert.equal(errors, []);
  await page.close();
});

test("the item dialog's units: a base unit and a pack with its factor, price and barcode; stock shown both ways", async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(0, { business: 'units-2' }), '/store', []);
  const errors = watchErrors(page);
  await page.waitForSelector('[data-testid="store-empty"]');
  await clickText(page, 'New item', '[data-testid="store-toolbar"]');
  const modal = '[data-testid="item-modal"]';
  await page.waitForSelector(modal);
  await fill(page, 'Name', 'Eggs', modal);
  await fill(page, 'Price', '150', modal);
  await fill(page, 'Starting quantity', '100', modal);
  await fill(page, 'Base unit', 'egg', modal);
  await clickText(page, 'Add pack unit', modal);
  await fill(page, 'Pack unit', 'tray', modal);
  await fill(page, 'eggs in one', '30', modal);
  await fill(page, 'Pack price', '4200', modal);
  await fill(page, 'Pack barcode', 'TRAY-30', modal);
  await clickText(page, 'Save', modal);
  await page.waitForFunction(() => !document.querySelector('[data-testid="item-modal"]'));
  // 100 eggs = 3 trays (90) and 10 eggs.
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="store-table"] tbody td')].some((td) => td.textContent === '3 trays 10 eggs = 100 eggs'),
    { polling: 'mutation' },
  );
  // A factor of 0 is refused with the rule, and nothing changes.
  await clickText(page, 'New item', '[data-testid="store-toolbar"]');
  await page.waitForSelector(modal);
  await fill(page, 'Name', 'Water', modal);
  await clickText(page, 'Add pack unit', modal);
  await fill(page, 'Pack unit', 'pack', modal);
  await fill(page, 'pieces in one', '0', modal);
  await clickText(page, 'Save', modal);
  await page.waitForFunction(
    (m) => document.querySelector(m)?.textContent?.includes('A pack unit holds a whole number of base units, from 2 to 100,000.'),
    {},
    modal,
  );
  assert.equal(errors, []);
  await page.close();
});

test('editing a sale: a carton line knows the units of its item (the Unit select shows, on carton)', async () => {
  const page = await env.browser.newPage();
  const user = testUser(0, { business: 'units-3' });
  const [, created] = await openAs(page, env.server.url, user, '/sales', [
    ['config-set', { editableInvoice: true }],
    item('Indomie', 220, 240, { unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800, barcode: CARTON }] }),
  ]);
  const [sale] = await seedPage(page, user, [
    ['sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [{ id: created.id, name: 'Indomie', quantity: 1, price: 4800, unit: 'carton' }], amount_paid: 4800 }],
  ]);
  await page.goto(`${env.server.url}/sales/invoice/${sale.id}/edit`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (document.querySelector('[data-testid="sale-row-0"] select[name="unit"]') as HTMLSelectElement | null)?.value === 'carton');
  const options = await page.$$eval('[data-testid="sale-row-0"] select[name="unit"] option', (os) => os.map((o) => o.textContent));
  assert.equal(options, ['piece', 'carton']);
  await page.close();
});

test.run();
