/**
 * Seeds a business's local databases through the app's own backend (tests/e2e/driver.ts). Answers each
 * reply ({ ok, value } | { ok: false, error }), so a test can assert on refusals too.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';
import { runReplies, type Call } from './driver';

export type SeedStep = Call;

/** Runs the steps in order as `user`; answers each reply. */
export function seedBusiness(page: Page, user: SessionUser, steps: SeedStep[]): Promise<unknown[]> {
  return runReplies(page, user, steps);
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
