/**
 * The one way browser tests press a button or follow a link by what it says: waits until a button or link inside
 * `scope` reads exactly `text` and is enabled, then clicks it with the mouse, as a person would.
 */
import type { ElementHandle, Page } from 'puppeteer-core';

export async function clickText(page: Page, text: string, scope = 'body'): Promise<void> {
  const handle = await page.waitForFunction(
    (t, s) => [...document.querySelectorAll(`${s} button, ${s} a`)].find((b) => b.textContent?.trim() === t && !(b as HTMLButtonElement).disabled) ?? null,
    {},
    text,
    scope,
  );
  await (handle.asElement() as ElementHandle<Element>).click();
}
