/** Shared steps of the shell's browser tests: sign a user in on the device and open a path. */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';

/** Puts the user (and optional extra localStorage keys) on the device before the app boots, then opens `path`. */
export async function openAs(page: Page, base: string, user: SessionUser | null, path: string, extra: Record<string, string> = {}): Promise<void> {
  await page.goto(base + '/not-found', { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (u, more) => {
      localStorage.clear();
      if (u) localStorage.setItem('oja:user', JSON.stringify(u));
      for (const [k, v] of Object.entries(more)) localStorage.setItem(k, v);
    },
    user,
    extra,
  );
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
}

export function waitForPath(page: Page, path: string) {
  return page.waitForFunction((p) => location.pathname === p, {}, path);
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
