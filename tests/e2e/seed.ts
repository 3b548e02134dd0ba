/**
 * Seeds a business's local databases before the app opens it: a separate worker (the app's own worker.js,
 * same database name) runs commands over Comlink's message protocol, then is terminated. The app's worker
 * then starts on those databases and its ledger reads them like any other data.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';

export type SeedStep = [name: string, input: unknown];

/** Runs the steps in order as `user`; answers each reply ({ ok, value } | { ok: false, error }). */
export async function seedBusiness(page: Page, user: SessionUser, steps: SeedStep[]): Promise<unknown[]> {
  // tsx names inner functions with an `__name` helper that does not exist in the page.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(
    async (u, list) => {
      const worker = new Worker('/worker.js', { type: 'module', name: `oja-${u.business}` });
      let seq = 0;
      const call = (path: string, args: unknown[]) =>
        new Promise<unknown>((resolve) => {
          const id = `seed-${++seq}`;
          const onMessage = (e: MessageEvent) => {
            if (e.data?.id !== id) return;
            worker.removeEventListener('message', onMessage);
            resolve(e.data.value);
          };
          worker.addEventListener('message', onMessage);
          worker.postMessage({ id, type: 'APPLY', path: [path], argumentList: args.map((value) => ({ type: 'RAW', value })) });
        });
      const out: unknown[] = [];
      out.push(await call('dispatch', ['session-set', u]));
      for (const [name, input] of list) out.push(await call('dispatch', [name, input]));
      worker.terminate();
      return out.slice(1);
    },
    user,
    steps,
  );
}

/**
 * Notes whether `text` ever appears on the page from now on (client-side navigation keeps the window), for
 * banners that show only briefly before a redirect. Answers a function that reads the note.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `seen:${text}`;
  await page.evaluate(
    `(() => {
      const key = ${JSON.stringify(key)}, text = ${JSON.stringify(text)};
      window[key] = false;
      const check = () => { if (document.body.textContent.includes(text)) window[key] = true; };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    })()`,
  );
  return async () => (await page.evaluate(`window[${JSON.stringify(key)}]`)) === true;
}
