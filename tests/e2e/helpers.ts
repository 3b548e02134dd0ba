/** Shared steps of the shell's browser tests: wait for a path, watch for a passing text. (Opening the app as a user: tests/support/open.ts.) */
import type { Page } from 'puppeteer-core';

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
