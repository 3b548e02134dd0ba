/** Steps of the store browser tests: buttons and links by text, the item picker. */
import type { Page } from 'puppeteer-core';

/** Clicks the button (or link) whose text is exactly `text`, inside `scope` when given. */
export async function clickText(page: Page, text: string, scope = 'body'): Promise<void> {
  const handle = await page.waitForFunction(
    (t, s) => [...document.querySelectorAll(`${s} button, ${s} a`)].find((b) => b.textContent?.trim() === t && !(b as HTMLButtonElement).disabled) ?? null,
    {},
    text,
    scope,
  );
  await (handle.asElement() as import('puppeteer-core').ElementHandle<Element>).click();
}

/** Picks an item in the ItemPicker with the given test id: types the query and presses Enter on the first hit. */
export async function pickItem(page: Page, testId: string, query: string): Promise<void> {
  const input = await page.waitForSelector(`[data-testid="${testId}"]`);
  await input!.click();
  await input!.type(query);
  await page.waitForFunction((q) => [...document.querySelectorAll('.picker-list li')].some((li) => li.textContent?.toLowerCase().includes(q.toLowerCase())), {}, query);
  await page.keyboard.press('Enter');
}

export function text(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (e) => e.textContent ?? '');
}
