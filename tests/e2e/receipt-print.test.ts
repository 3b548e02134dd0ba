/**
 * Printed receipts on roll paper: at 58 mm and 80 mm the receipt, printed with the app's own @page rule, is a
 * PDF exactly that wide (no browser margins) and, laid out for print at that width, nothing runs past the
 * paper's edge and no text is smaller than 10 px.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup } from './harness';
import { testUser, item } from '../support/fixtures';
import { seedPage } from '../support/seed';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const OWNER = testUser(0, { business: 'biz-receipt', businessName: 'Mama Ngozi Provisions and General Merchandise' });
const MM_TO_PT = 72 / 25.4;
const MM_TO_PX = 96 / 25.4;

/** What overflows the invoice at the current layout: elements whose right edge passes the paper's. */
function overflow(page: Page) {
  return page.$eval('[data-testid="invoice"]', (inv) => {
    const right = inv.getBoundingClientRect().right + 0.5;
    const out = [...inv.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > right).map((el) => `${el.tagName} ${el.textContent?.slice(0, 30)}`);
    const texts = [...inv.querySelectorAll('*')].filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim()));
    const smallest = Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    return { out, smallest, scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
}

/** The MediaBox of the first page of a PDF, in points. */
function mediaBox(pdf: Uint8Array): number[] {
  const m = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(Buffer.from(pdf).toString('latin1'));
  if (!m) throw new Error('no MediaBox in the PDF');
  return m.slice(1).map(Number);
}

for (const paper of ['58mm', '80mm'] as const) {
  test(`a ${paper} receipt prints exactly ${paper} wide with nothing past the edge`, async () => {
    const page = await env.browser.newPage();
    await openAs(page, env.server.url, null, '/not-found');
    const [rice, semo] = await seedPage(page, OWNER, [item('Rice', 1000, 1000), item('Golden Penny Semovita Premium 10kg family bag', 1250000.5, 100)]);
    const [saved] = await seedPage(page, OWNER, [
      [
        'sale-create',
        {
          customer: { with_account: false, name: 'Chukwuemeka Okonkwo-Adebayo', phone_number: '+2348031234567' },
          items: [
            { id: semo.id, name: 'Golden Penny Semovita Premium 10kg family bag', price: 1250000.5, quantity: 12 },
            { id: rice.id, name: 'Rice', price: 1000, quantity: 3 },
          ],
          amount_paid: 15003006,
        },
      ],
    ]);
    await openAs(page, env.server.url, OWNER, `/sales/invoice/${saved.id}`, [['config-set', { invoiceType: 1, invoiceWidth: paper, invoiceHeight: '' }]]);
    await page.waitForSelector(`[data-testid="invoice"].invoice-paper-${paper}`);
    const mm = Number(paper.replace('mm', ''));
    await page.emulateMediaType('print');
    await page.setViewport({ width: Math.floor(mm * MM_TO_PX), height: 800 });
    const layout = await overflow(page);
    assert.equal(layout.out, [], `overflowing at ${paper}`);
    assert.ok(layout.scroll <= 0, `the page scrolls sideways by ${layout.scroll}px`);
    assert.ok(layout.smallest >= 10, `smallest text ${layout.smallest}px`);
    assert.match(await page.$eval('[data-testid="invoice"]', (e) => e.textContent ?? ''), /₦15,000,006\.00/);

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const [x0, , x1] = mediaBox(pdf);
    assert.ok(Math.abs(x1 - x0 - mm * MM_TO_PT) < 1, `PDF width ${x1 - x0}pt for ${paper}`);
    await page.close();
  });
}

test.run();
