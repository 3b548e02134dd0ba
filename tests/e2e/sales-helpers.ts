/** Steps of the sales browser tests: keyboard-only checks, print counting, a scanner's burst, comboboxes. */
import type { Page } from 'puppeteer-core';

/** Records pointer and mouse events, to prove a flow used the keyboard alone. */
export async function countPointerEvents(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __pointer: string[] };
    w.__pointer = [];
    for (const type of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart']) {
      window.addEventListener(type, () => w.__pointer.push(type), true);
    }
  });
}

/** Replaces window.print with a counter (headless Chromium has no print dialog to wait for). */
export async function countPrints(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
}

/**
 * Types `code` then Enter the way a barcode scanner does: key events stamped 4 ms apart by the "hardware"
 * (CDP's own event timestamps), whatever the machine's load while they are delivered.
 */
export async function scannerBurst(page: Page, code: string): Promise<void> {
  const cdp = await page.createCDPSession();
  const start = Date.now() / 1000;
  const keys = [...code].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}` }));
  let i = 0;
  for (const k of keys) {
    const timestamp = start + 0.004 * i++;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, code: k.code, text: k.text, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, timestamp: timestamp + 0.001 });
  }
  const timestamp = start + 0.004 * i;
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13, timestamp });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: timestamp + 0.001 });
  await cdp.detach();
}

// The quick sale's basket and results.

/** The basket's lines as 'name × quantity'. */
export const basket = (page: Page) =>
  page.$$eval('.basket-line', (els) => els.map((e) => `${e.querySelector('.basket-name')?.textContent} × ${(e.querySelector('.basket-qty') as HTMLInputElement).value}`));

/** Waits until the basket's lines read exactly `expected` ('name × quantity'). */
export const waitBasket = (page: Page, expected: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('.basket-line')].map((e) => `${e.querySelector('.basket-name')?.textContent} × ${(e.querySelector('.basket-qty') as HTMLInputElement).value}`)) === want,
    {},
    JSON.stringify(expected),
  );

/** Waits until the first result tile is `name`. */
export const waitFirstTile = (page: Page, name: string) =>
  page.waitForFunction((n) => document.querySelector('[data-testid="quick-results"] .tile-name')?.textContent === n, {}, name);

/** Types like a person (80 ms a key), so the quick sale does not take it for a scanner. */
export const typeSlowly = (page: Page, text: string) => page.keyboard.type(text, { delay: 80 });

/**
 * Types into a combobox, presses Enter once an option containing `expect` is listed, and waits until the choice
 * has landed (the combobox closed, or gave way to what was chosen): Enter pressed before the newest search's
 * answer picks from that answer when it comes, so acting at once could act before the choice.
 */
export async function pick(page: Page, selector: string, text: string, expect: string): Promise<void> {
  await page.click(selector);
  await page.type(selector, text);
  await page.waitForFunction((t) => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent?.includes(t)), {}, expect);
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') !== 'true', {}, selector);
}

/**
 * The id of the sale the quick sale just saved: from the last-sale strip the quick sale shows after Complete, or
 * from the address when it opened the invoice instead (the 'After a quick sale' setting on the invoice).
 */
export async function savedSaleId(page: Page, before = ''): Promise<string> {
  const handle = await page.waitForFunction(
    (prev) => {
      const strip = document.querySelector('[data-testid="last-sale"]')?.getAttribute('data-sale-id');
      if (strip && strip !== prev) return strip;
      const m = location.pathname.match(/^\/sales\/invoice\/([^/]+)$/);
      return m && document.querySelector('[data-testid="invoice"]') ? decodeURIComponent(m[1]) : false;
    },
    {},
    before,
  );
  return (await handle.jsonValue()) as string;
}
