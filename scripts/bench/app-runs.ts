/**
 * What a cashier waits for in the real app, beyond the quick sale's keystrokes (issue 31), measured on the page
 * quick-sale.ts leaves signed in over its item set:
 *
 *   quick_sale_save_ms        Enter on the quick sale's amount paid → the receipt painted (median of 3 sales)
 *   sale_form_save_ms         Save on the sale form (one item picked, paid in full) → the invoice painted (median of 3)
 *   cached_first_load_ms      a new tab of an installed (service-worker cached) app → /sales/quick interactive: the
 *                             search focused with result tiles in the DOM (polled every 4 ms), from the navigation's
 *                             start (median of 3)
 *   tab_heap_mb               the app tab's JS heap (after a garbage collection) and `app_worker_heap_mb` the
 *                             SharedWorker's, over the set's items; 0 when the worker's heap could not be read
 *
 * Each end is the first frame painted after the element shows (a message posted from requestAnimationFrame), each
 * start the event's own timestamp, both on the page's clock.
 */
import type { Browser, Page } from 'puppeteer-core';
import { pick } from '../../tests/e2e/sales-helpers';
import { fill } from '../../tests/support/fill';
import { seedPage } from '../../tests/support/seed';
import { USER } from './quick-sale';

/** The sale form sells to a chosen customer (it refuses a sale without one): one is created per run. */
const CUSTOMER = 'Bench customer';

/** tsx (esbuild, keepNames) wraps named functions inside evaluate() callbacks in __name(), which pages lack. */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';
async function shim(page: Page) {
  await page.evaluateOnNewDocument(NAME_SHIM);
  await page.evaluate(NAME_SHIM);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Resolves (on the page) with the time of the first paint after `selector` appears, from performance.now(). */
function armPaintAfter(page: Page, selector: string): Promise<void> {
  return page.evaluate((sel) => {
    const w = window as unknown as { __painted?: number };
    delete w.__painted;
    const done = () => {
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => (w.__painted = performance.now());
        ch.port2.postMessage(0);
      });
    };
    const obs = new MutationObserver(() => {
      if (document.querySelector(sel)) {
        obs.disconnect();
        done();
      }
    });
    obs.observe(document.body, { childList: true, subtree: true });
  }, selector);
}

/** Records the timestamp of the next `type` event (keydown of `key`, or a click) on `selector`, in the capture phase. */
function armStart(page: Page, type: 'keydown' | 'click', selector: string, key?: string): Promise<void> {
  return page.evaluate(
    (t, sel, k) => {
      const w = window as unknown as { __start?: number };
      delete w.__start;
      const on = (e: Event) => {
        if ((e.target as Element).closest(sel) && (!k || (e as KeyboardEvent).key === k)) {
          w.__start = e.timeStamp;
          document.removeEventListener(t, on, true);
        }
      };
      document.addEventListener(t, on, true);
    },
    type,
    selector,
    key,
  );
}

async function elapsed(page: Page): Promise<number> {
  try {
    await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, { timeout: 120_000 });
  } catch (e) {
    // What the screen says instead (a refusal, a dialog): the run's log shows why this measure is missing.
    const said = await page.evaluate(() => [...document.querySelectorAll('.alert, [role="alert"], [role="dialog"]')].map((x) => x.textContent).join(' | '));
    throw new Error(`${String(e)} on ${page.url()}; the screen says: ${said || 'nothing'}`);
  }
  return page.evaluate(() => {
    const w = window as unknown as { __painted: number; __start: number };
    return w.__painted - w.__start;
  });
}

async function openQuickSale(page: Page, url: string) {
  await page.goto(url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.activeElement?.id === 'quick-search' && document.querySelector('#quick-results .tile'), { timeout: 600_000 });
}

/**
 * An item name to sell: a different one each sale, so a kept profile's items are not sold out by earlier runs
 * (each of the set's items holds 1-50 units). The trailing space makes 'item 12 ' match Item 12 only, not Item 120.
 */
const someItem = (items: number) => `item ${1 + Math.floor(Math.random() * (items - 1))} `;

/** One quick sale: an item by name, Enter adds it, F9, the amount, Enter saves; until the receipt is painted. */
async function quickSaleOnce(page: Page, url: string, items: number): Promise<number> {
  await openQuickSale(page, url);
  const name = someItem(items);
  await page.keyboard.type(name, { delay: 150 });
  await page.waitForFunction((q) => document.getElementById('quick-results')?.getAttribute('data-query') === q, {}, name);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !!document.querySelector('[data-testid="total-due"]') && document.querySelector('[data-testid="total-due"]')!.textContent !== '₦0.00');
  await page.keyboard.press('F9');
  await page.waitForFunction(() => document.activeElement?.id === 'quick-paid');
  await page.keyboard.type('100000');
  await armStart(page, 'keydown', '#quick-paid', 'Enter');
  await armPaintAfter(page, '[data-testid="invoice"]');
  await page.keyboard.press('Enter');
  return elapsed(page);
}

/** One sale from the form: the customer and an item picked, amount paid = the total due, Save; until the invoice is painted. */
async function saleFormOnce(page: Page, url: string, items: number): Promise<number> {
  await page.goto(url + '/sales/new', { waitUntil: 'domcontentloaded' });
  await pick(page, '[data-testid="customer-card"] input[role="combobox"]', CUSTOMER, CUSTOMER);
  const name = someItem(items).replace(/^item/, 'Item');
  await pick(page, '[data-testid="sale-row-0"] [data-testid="item-picker"]', name, name);
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[data-testid="form-total-due"]')?.textContent ?? ''), { timeout: 600_000 });
  const due = await page.$eval('[data-testid="form-total-due"]', (e) => (e.textContent ?? '').replace(/[^0-9.]/g, ''));
  await fill(page, { selector: 'input[name="amount_paid"]' }, due);
  await armStart(page, 'click', 'button[type="submit"]');
  await armPaintAfter(page, '[data-testid="invoice"]');
  await page.click('button[type="submit"]');
  return elapsed(page);
}

/**
 * An installed app's new window: the service worker (not bypassed here) controls the origin and has cached the
 * build, so the files come from its cache; the figure is navigation start → search focused with tiles, painted.
 */
async function cachedFirstLoadOnce(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  await page.evaluateOnNewDocument(NAME_SHIM);
  // Polled on a timer, not on animation frames: a tab a throttled browser has not painted yet gets no frames.
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __interactive?: number };
    const timer = setInterval(() => {
      if (document.activeElement?.id === 'quick-search' && document.querySelector('#quick-results .tile')) {
        clearInterval(timer);
        w.__interactive = performance.now();
      }
    }, 4);
  });
  const response = await page.goto(url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  if (!response?.fromServiceWorker()) throw new Error('cached first load: the page did not come from the service worker');
  await page.waitForFunction(() => (window as unknown as { __interactive?: number }).__interactive !== undefined, { timeout: 120_000 });
  const ms = await page.evaluate(() => (window as unknown as { __interactive: number }).__interactive);
  await page.close();
  return ms;
}

/** The SharedWorker's heap, or 0 when its DevTools session does not answer within 20 s (see issue 31). */
async function sharedWorkerHeapMb(browser: Browser): Promise<number> {
  const target = browser.targets().find((t) => t.type() === 'shared_worker');
  if (!target) return 0;
  const read = (async () => {
    const session = await target.createCDPSession();
    await session.send('HeapProfiler.collectGarbage');
    const heap = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
    await session.detach();
    return heap.usedSize / 1024 / 1024;
  })();
  return Promise.race([read, new Promise<number>((r) => setTimeout(() => r(0), 20_000))]).catch(() => 0);
}

export async function measureAppRuns(page: Page, browser: Browser, url: string, log: (s: string) => void, items: number): Promise<Record<string, number>> {
  await shim(page);
  // A measure that fails is logged and reported as -1; the others still run.
  const thrice = async (what: string, once: () => Promise<number>) => {
    const ms: number[] = [];
    try {
      for (let i = 0; i < 3; i++) ms.push(await once());
      log(`${what}: ${ms.map((x) => r1(x)).join(' / ')} ms`);
      return r1(median(ms));
    } catch (e) {
      log(`${what}: FAILED ${String(e)}`);
      return -1;
    }
  };
  const quick = await thrice('quick sale saved, receipt painted', () => quickSaleOnce(page, url, items));
  await seedPage(page, USER, [['client-create', { kind: 'customer', name: CUSTOMER, phone_number: '08030000000' }]]);
  const form = await thrice('sale form saved, invoice painted', () => saleFormOnce(page, url, items));

  // Install: one visit with the service worker in charge, until it controls the page (every file cached by then).
  const installer = await browser.newPage();
  await installer.goto(url + '/sales/quick', { waitUntil: 'domcontentloaded' });
  await installer.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller, { timeout: 120_000 });
  await installer.close();
  const cached = await thrice("cached app's first load to the quick sale interactive", () => cachedFirstLoadOnce(browser, url));

  await openQuickSale(page, url);
  const session = await page.createCDPSession();
  await session.send('HeapProfiler.collectGarbage');
  const tab = ((await session.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1024 / 1024;
  await session.detach();
  const worker = await sharedWorkerHeapMb(browser);
  log(`heap: tab ${r1(tab)} MB, SharedWorker ${worker ? `${r1(worker)} MB` : 'not readable'}`);
  return {
    quick_sale_save_ms: quick,
    sale_form_save_ms: form,
    cached_first_load_ms: cached,
    tab_heap_mb: r1(tab),
    app_worker_heap_mb: r1(worker),
  };
}
