/**
 * The one fill() of the browser tests and the benchmarks: replaces what a field holds with a value typed key by
 * key, as a person would (select what is there, delete it, type), once the field is on the page.
 */
import type { ElementHandle, Page } from 'puppeteer-core';

/** A field by the exact text of its label (the way a person finds it), or by a CSS selector. */
export type Field = string | { selector: string };

/** Types `value` into the field in place of what it holds; an empty value clears it. `scope` narrows a label's search. */
export async function fill(page: Page, field: Field, value: string, scope = 'body'): Promise<void> {
  const el = typeof field === 'string' ? await labelled(page, field, scope) : ((await page.waitForSelector(field.selector)) as ElementHandle<HTMLInputElement>);
  await el.click({ count: 3 });
  await el.evaluate((e) => {
    if ('select' in e && typeof e.select === 'function') e.select();
  });
  await page.keyboard.press('Backspace');
  if (value) await el.type(value);
}

/** The input whose label (inside `scope`) reads exactly `label`, once it is on the page. */
async function labelled(page: Page, label: string, scope: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await page.waitForFunction(
    (l, s) => {
      const lab = [...document.querySelectorAll(`${s} label`)].find((x) => x.textContent?.trim() === l) as HTMLLabelElement | undefined;
      return lab ? (document.getElementById(lab.htmlFor) ?? null) : null;
    },
    {},
    label,
    scope,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement>;
}
