/** Steps of the store browser tests: the item picker, reading text. (Buttons by text: tests/support/click.ts.) */
import type { Page } from 'puppeteer-core';

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
