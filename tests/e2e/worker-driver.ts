/**
 * Drives a second copy of the app's worker bundle inside a page (window.__driver), speaking Comlink's message
 * format, for browser tests that need to make or read documents in the browser's IndexedDB without a screen
 * for it. It is the same worker code the app runs, sync included. The page script is a string: tsx would
 * otherwise add helper names that do not exist in the page.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';

export async function startDriver(page: Page, user: SessionUser): Promise<void> {
  await page.evaluate(`(() => {
    const u = ${JSON.stringify(user)};
    const worker = new Worker('/worker.js', { type: 'module', name: 'oja-' + u.business });
    let seq = 0;
    window.__driver = (name, input) => new Promise((resolve) => {
      const id = 'drv-' + ++seq;
      const onMessage = (e) => {
        if (!e.data || e.data.id !== id) return;
        worker.removeEventListener('message', onMessage);
        resolve(e.data.value);
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
    });
    return window.__driver('session-set', u);
  })()`);
}

/** One command through the driver; throws with the command's message when it fails. */
export async function drive<T = unknown>(page: Page, name: string, input: unknown): Promise<T> {
  const reply = (await page.evaluate(`window.__driver(${JSON.stringify(name)}, ${JSON.stringify(input)})`)) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${name}: ${reply.error?.message}`);
  return reply.value as T;
}
