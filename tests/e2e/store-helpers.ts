/**
 * Store browser tests: put a user on the device, seed the business's data by running commands in a worker
 * of its own (the app's worker bundle, spoken to with Comlink's message format) before the app opens.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';

export type Call = [name: string, input: unknown];

/**
 * Runs the calls in order against the business's IndexedDB, returning each reply's value. The page script is
 * a string: tsx would otherwise add its helper names to the function, which do not exist in the page.
 */
export async function seed(page: Page, user: SessionUser, calls: Call[]): Promise<unknown[]> {
  const script = `(async (u, list) => {
    const worker = new Worker('/worker.js', { type: 'module', name: 'oja-' + u.business });
    let seq = 0;
    const call = (name, input) => new Promise((resolve) => {
      const id = 'seed-' + ++seq;
      const onMessage = (e) => {
        if (!e.data || e.data.id !== id) return;
        worker.removeEventListener('message', onMessage);
        resolve(e.data.value);
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
    });
    const out = [];
    await call('session-set', u);
    for (const [name, input] of list) {
      const reply = await call(name, input);
      if (!reply.ok) throw new Error(name + ': ' + reply.error.message);
      out.push(reply.value);
    }
    worker.terminate();
    return out;
  })(${JSON.stringify(user)}, ${JSON.stringify(calls)})`;
  return page.evaluate(script) as Promise<unknown[]>;
}

/**
 * Seeds the calls, then signs the user in on the device and opens `path`. Seeding runs from a page of the same
 * origin that is not the app (the worker script itself), so no app worker holds the databases meanwhile.
 */
export async function openSeeded(page: Page, base: string, user: SessionUser, path: string, calls: Call[], extra: Record<string, string> = {}): Promise<unknown[]> {
  await page.goto(base + '/worker.js', { waitUntil: 'domcontentloaded' });
  const values = await seed(page, user, calls);
  await page.evaluate(
    `(() => { localStorage.clear(); localStorage.setItem('oja:user', ${JSON.stringify(JSON.stringify(user))}); ` +
      `for (const [k, v] of Object.entries(${JSON.stringify(extra)})) localStorage.setItem(k, v); })()`,
  );
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  return values;
}

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
