/** Steps of the store browser tests: buttons and links by text, labelled fields, the item picker. */
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

/** Types into the input whose label is exactly `label` (inside `scope`), replacing what is there. */
export async function fill(page: Page, label: string, value: string, scope = 'body'): Promise<void> {
  const handle = await page.waitForFunction(
    (l, s) => {
      const lab = [...document.querySelectorAll(`${s} label`)].find((x) => x.textContent?.trim() === l) as HTMLLabelElement | undefined;
      return lab ? (document.getElementById(lab.htmlFor) ?? null) : null;
    },
    {},
    label,
    scope,
  );
  const el = handle.asElement() as import('puppeteer-core').ElementHandle<HTMLInputElement>;
  await el.click({ count: 3 });
  await el.evaluate((e) => {
    if ('select' in e && typeof e.select === 'function') e.select();
  });
  await page.keyboard.press('Backspace');
  await el.type(value);
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
