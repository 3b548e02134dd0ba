/**
 * Sales browser tests: seed a business by running commands in a worker of its own (the app's worker bundle,
 * spoken to in Comlink's message format) before the app opens, so tests depend only on commands, not on other
 * screens. The page script is a string: tsx would otherwise add helper names that do not exist in the page.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';
import { openAs } from './helpers';

export type Call = [name: string, input: unknown];

export async function runCommands(page: Page, user: SessionUser, calls: Call[]): Promise<unknown[]> {
  const script = `(async (u, list) => {
    const worker = new Worker('/worker.js', { type: 'module', name: 'oja-' + u.business });
    let seq = 0;
    const call = (name, input) => new Promise((resolve) => {
      const id = 'sales-seed-' + ++seq;
      const onMessage = (e) => {
        if (!e.data || e.data.id !== id) return;
        worker.removeEventListener('message', onMessage);
        resolve(e.data.value);
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
    });
    const out = [];
    await call('session-set', u);
    for (const [name, input] of list) {
      const reply = await call(name, input);
      if (!reply.ok) throw new Error(name + ': ' + reply.error.message);
      out.push(reply.value);
    }
    worker.terminate();
    return out;
  })(${JSON.stringify(user)}, ${JSON.stringify(calls)})`;
  return page.evaluate(script) as Promise<unknown[]>;
}

/**
 * Runs the calls while the page has no user (so the app's own worker is not holding the business's
 * databases at the same time), then puts the user on the device and opens `path`.
 */
export async function openWith(page: Page, base: string, user: SessionUser, path: string, calls: Call[]): Promise<unknown[]> {
  await openAs(page, base, null, '/not-found');
  const values = await runCommands(page, user, calls);
  await page.evaluate((u) => localStorage.setItem('oja:user', JSON.stringify(u)), user);
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  return values;
}

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

export const item = (name: string, price: number, quantity: number, extra: Record<string, unknown> = {}): Call => [
  'item-create',
  { name, price, purchasePrice: Math.round(price * 0.8), quantity, ...extra },
];

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
