/**
 * Shelf labels from the store: items chosen by keyboard, copies, size and barcode kind; the labels carry the
 * name, the price and a barcode SVG; printed to PDF one label a page on a 38 × 25 mm roll, and on one A4 sheet.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { testUser, item } from '../support/fixtures';
import { countPrints } from './sales-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const MM_TO_PT = 72 / 25.4;

/** Every page's MediaBox of a PDF, in points (Chromium writes one per page). */
function mediaBoxes(pdf: Uint8Array): number[][] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => m.slice(1).map(Number));
}

type Printed = { name: string; price: string; format: string; code: string; bars: number; text: string };
const labels = (page: Page): Promise<Printed[]> =>
  page.$$eval('[data-testid="label"]', (els) =>
    els.map((e) => {
      const svg = e.querySelector('svg.label-barcode')!;
      return {
        name: e.querySelector('.label-name')?.textContent ?? '',
        price: e.querySelector('.label-price')?.textContent ?? '',
        format: svg.getAttribute('data-format') ?? '',
        code: svg.getAttribute('data-code') ?? '',
        bars: svg.querySelectorAll('rect').length,
        text: svg.querySelector('text')?.textContent ?? '',
      };
    }),
  );

/**
 * Picks an item in the labels screen's selector by keyboard: type, wait for it listed, Enter. The selector is
 * remounted empty after each pick: wait for that empty one to hold focus (the previous one keeps focus, with the
 * picked name in it, until the remount; typing then went into a box about to go).
 */
async function addItem(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => {
    const box = document.activeElement as HTMLInputElement | null;
    return box?.dataset.testid === 'labels-item' && box.value === '';
  });
  await page.keyboard.type(text);
  await page.waitForFunction((t) => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes(t)), {}, text);
  await page.keyboard.press('Enter');
}

test('labels chosen from the store print to PDF with names, prices and barcode SVGs', async () => {
  const page = await env.browser.newPage();
  await countPrints(page);
  await openAs(page, env.server.url, testUser(0, { business: 'biz-labels' }), '/store', [
    item('Soap', 300, 5, { barcode: '4006381333931' }),
    item('Beef', 1500, 10, { barcode: '42' }),
    item('Golden Penny Semovita Premium 10kg family bag', 12500.5, 3),
  ]);
  const errors = watchErrors(page);
  await (await page.waitForSelector('xpath/.//button[normalize-space()="Print labels"]'))!.click();
  await page.waitForFunction(() => location.pathname === '/store/labels');
  await page.waitForSelector('[data-testid="labels-screen"]');

  await addItem(page, 'Soap');
  await page.waitForSelector('[data-testid="label"]');
  await addItem(page, 'Beef');
  await addItem(page, 'Golden Penny');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="label"]').length === 3);
  // Two of the soap.
  const copies = '[data-testid="labels-list"] li:first-child input[name="copies"]';
  await fill(page, { selector: copies }, '2');
  await page.select('select[name="barcode-kind"]', 'EAN13');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="label"]').length === 4);
  const print = 'xpath/.//button[normalize-space()="Print 4 labels"]';
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Print 4 labels' && !b.disabled));

  const shown = await labels(page);
  assert.equal(
    shown.map((l) => [l.name, l.price, l.format, l.code]),
    [
      ['Soap', '₦300.00', 'EAN13', '4006381333931'],
      ['Soap', '₦300.00', 'EAN13', '4006381333931'],
      ['Beef', '₦1,500.00', 'CODE128', '42'],
      ['Golden Penny Semovita Premium 10kg family bag', '₦12,500.50', 'CODE128', shown[3].code],
    ],
  );
  // An item without a barcode carries its id, which the scan box looks up.
  assert.ok(shown[3].code.length > 0);
  for (const l of shown) assert.ok(l.bars > 10, `${l.name}: ${l.bars} bars`);
  assert.is(shown[2].text, '42');
  assert.match(await page.$eval('[data-testid="labels-not-ean"]', (e) => e.textContent ?? ''), 'Beef, Golden Penny');

  await page.click(print);
  assert.is(await page.evaluate(() => (window as unknown as { __prints: number }).__prints), 1);

  // The printout: the controls gone, the four labels with their barcodes, one 38 × 25 mm page each.
  await page.emulateMediaType('print');
  assert.is(await page.$eval('[data-testid="labels-list"]', (e) => getComputedStyle(e.closest('.no-print')!).display), 'none');
  assert.is(await page.$$eval('[data-testid="label"] svg.label-barcode rect', (els) => els.length > 40), true);
  const roll = mediaBoxes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  assert.is(roll.length, 4, `pages ${JSON.stringify(roll)}`);
  for (const [x0, y0, x1, y1] of roll) {
    assert.ok(Math.abs(x1 - x0 - 38 * MM_TO_PT) < 1 && Math.abs(y1 - y0 - 25 * MM_TO_PT) < 1, `page ${x1 - x0} × ${y1 - y0} pt`);
  }

  // The same four on one A4 sheet.
  await page.emulateMediaType('screen');
  await page.select('select[name="size"]', 'A4');
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Print 4 labels' && !b.disabled));
  await page.emulateMediaType('print');
  const sheet = mediaBoxes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  assert.is(sheet.length, 1);
  assert.ok(Math.abs(sheet[0][2] - 210 * MM_TO_PT) < 1, `A4 width ${sheet[0][2]}`);
  assert.equal((await labels(page)).map((l) => l.name).length, 4);
  assert.equal(errors, []);
  await page.close();
});

test('a long unbroken item name wraps: the labels screen and its picker stay within the window, Print in view', async () => {
  const page = await env.browser.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  // The longest name an item may have (commands/lib/text-limits.ts), one word: it used to widen the list past
  // the screen and hide 'Print 3 labels'.
  const long = `Indomie${'X'.repeat(113)}`;
  await openAs(page, env.server.url, testUser(0, { business: 'biz-labels-long' }), '/store/labels', [item(long, 7500, 4), item('Soap', 300, 5)]);
  await page.waitForSelector('[data-testid="labels-screen"]');
  const within = () =>
    page.evaluate(() => {
      const list = document.querySelector('[role="listbox"]');
      return { page: document.documentElement.scrollWidth - window.innerWidth, list: list ? Math.max(0, Math.ceil(list.getBoundingClientRect().right) - window.innerWidth) : 0 };
    });
  await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'labels-item');
  await page.keyboard.type('Indomie');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes('IndomieXXX')));
  assert.equal(await within(), { page: 0, list: 0 }, 'the picker with the long name');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="label"]');
  await addItem(page, 'Soap');
  await fill(page, { selector: '[data-testid="labels-list"] li:first-child input[name="copies"]' }, '2');
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Print 3 labels' && !b.disabled));
  assert.equal(await within(), { page: 0, list: 0 }, 'the list of chosen items');
  const print = await page.evaluate(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Print 3 labels')!;
    const r = b.getBoundingClientRect();
    return { left: r.left >= 0, right: r.right <= window.innerWidth };
  });
  assert.equal(print, { left: true, right: true }, 'Print 3 labels is in view');
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
  await page.close();
});

test.run();
