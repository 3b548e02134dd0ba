/**
 * Which screens the screen-fit test visits, and how it measures one. Add a screen's path here when it lands:
 * `{id}` placeholders are filled from the seeded documents (tests/e2e/screens-fit.test.ts).
 */
import type { Page } from 'puppeteer-core';

/** Screens inside the shell, for a signed-in owner. */
export const SHELL_SCREENS = [
  '/store',
  '/showroom',
  '/store/{item}',
  '/store/stocktake',
  '/store/stocktake/{stocktake}',
  '/issue-out',
  '/receive',
  '/sales',
  '/sales/new',
  '/sales/quick',
  '/sales/invoice/{sale}',
  '/sales/invoice/{sale}/edit',
  '/purchases',
  '/purchases/new',
  '/purchases/invoice/{purchase}',
  '/purchases/invoice/{purchase}/edit',
  '/purchase/invoice/{purchase}',
  '/payment/invoice/{payment}',
  '/expenses',
  '/expenses/{expense}',
  '/customers',
  '/customer/{customer}',
  '/suppliers',
  '/supplier/{supplier}',
  '/cashbook',
  '/shifts',
  '/shifts/{shift}',
  '/banks',
  '/banks/{bank}',
  '/transportation',
  '/users',
  '/branches',
  '/reports',
  '/reports?report=top-customers&range=month',
  '/reports?report=debtors-age',
  '/settings',
  '/settings/sms',
  '/settings/devices',
  '/settings/printer',
  '/audit',
  '/preferences/invoice',
  '/preferences/invoice/upload',
  '/authentication/change-password',
];

/** Screens with nobody signed in. */
export const SIGNED_OUT_SCREENS = ['/authentication/login', '/authentication/register'];

export const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
];

/** Elements that frame their controls: a control must lie inside the nearest one around it. */
const CARDS = '.card, .basket, .data-table-wrap, .summary-card, .modal, [role="dialog"]';

/**
 * Page-side: the page's horizontal overflow (document wider than the window) and every visible control
 * sticking out of its card, or out of a clipping box (overflow other than visible) inside that card.
 */
export function measure(page: Page): Promise<{ docWidth: number; winWidth: number; outside: string[] }> {
  return page.evaluate((cards: string) => {
    const outside: string[] = [];
    const controls = document.querySelectorAll('button, input, select, textarea, a[href], [role="button"]');
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      const card = el.closest(cards);
      if (!card) continue;
      let right = card.getBoundingClientRect().right;
      let left = card.getBoundingClientRect().left;
      for (let p = el.parentElement; p && p !== card; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible') {
          const b = p.getBoundingClientRect();
          right = Math.min(right, b.right);
          left = Math.max(left, b.left);
        }
      }
      if (r.right > right + 1 || r.left < left - 1) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 40);
        outside.push(`${el.tagName.toLowerCase()} '${name}' at ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)} (${card.className})`);
      }
    }
    const winWidth = document.documentElement.clientWidth;
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > winWidth) {
      // Name the innermost elements that reach past the window, to say what to fix.
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > winWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > winWidth + 1));
      for (const e of wide.slice(0, 3)) outside.push(`too wide: ${e.tagName.toLowerCase()}.${String(e.className).replace(/ /g, '.')} '${(e.textContent ?? '').trim().slice(0, 30)}' to ${Math.round(e.getBoundingClientRect().right)}`);
    }
    return { docWidth, winWidth, outside };
  }, CARDS);
}

/** How many characters of a row's identifying text must be in view (issue 27, item 7). */
export const IDENTIFYING_CHARS = 24;

/**
 * Page-side: what a cashier cannot read. For every data table: a header word broken over two lines ('Invoic' /
 * 'e ID': each word's client rects must share one line), a table naming no identifying column (th[data-identifies],
 * set by the shared table), and an identifying cell of 24 characters or more whose first 24 are not all inside the
 * cell's visible box (cut by an ellipsis, a line clamp or the scroller). In the quick-sale basket: every line's
 * first 24 characters and its variant's values ('(Large, Red)') in view.
 */
export function readability(page: Page, chars = IDENTIFYING_CHARS): Promise<string[]> {
  // Sent as source with a stand-in for tsx's __name helper, which its inner named functions call.
  return page.evaluate(`(() => { const __name = (f) => f; return (${inPage})(${chars}); })()`) as Promise<string[]>;
}

function inPage(chars: number): string[] {
  {
    const out: string[] = [];
    /** The visible box of `el`: its own box cut by every ancestor (itself included) that clips. */
    const visibleBox = (el: Element) => {
      let { left, right, top, bottom } = el.getBoundingClientRect();
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || p === el) {
          const b = p.getBoundingClientRect();
          left = Math.max(left, b.left);
          right = Math.min(right, b.right);
          top = Math.max(top, b.top);
          bottom = Math.min(bottom, b.bottom);
        }
      }
      return { left, right, top, bottom };
    };
    /** A range over characters [from, to) of el's text, across its text nodes. */
    const rangeOf = (el: Element, from: number, to: number) => {
      const range = document.createRange();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let seen = 0;
      let started = false;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const len = n.textContent!.length;
        if (!started && from <= seen + len) {
          range.setStart(n, from - seen);
          started = true;
        }
        if (started && to <= seen + len) {
          range.setEnd(n, to - seen);
          return range;
        }
        seen += len;
      }
      return null;
    };
    /** Whether characters [from, to) of el's text all lie in el's visible box (an ellipsis or clamp hides them). */
    let lastMiss = '';
    const inView = (el: Element, from: number, to: number) => {
      const range = rangeOf(el, from, to);
      if (!range) return false;
      const box = visibleBox(el);
      const miss = [...range.getClientRects()].filter((r) => r.width > 0).find((r) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1);
      const px = (r: { left: number; right: number; top: number; bottom: number }) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
      lastMiss = miss ? `text at ${px(miss)} outside ${px(box)}` : '';
      return !miss;
    };
    for (const table of document.querySelectorAll('.data-table')) {
      const ths = [...table.querySelectorAll('thead th')];
      for (const th of ths) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (const m of n.textContent!.matchAll(/[^\s▲▼]+/g)) {
            const range = document.createRange();
            range.setStart(n, m.index!);
            range.setEnd(n, m.index! + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`header '${th.textContent!.trim()}' breaks inside '${m[0]}'`);
          }
        }
      }
      const main = ths.findIndex((th) => th.hasAttribute('data-identifies'));
      const heads = ths.map((t) => t.textContent!.trim()).join(' | ');
      if (main < 0) {
        out.push(`table '${heads}' names no identifying column`);
        continue;
      }
      for (const tr of table.querySelectorAll('tbody tr')) {
        const td = tr.children[main];
        if (!td || (td.textContent ?? '').length < chars) continue;
        // Rows scrolled out of the table's view are not read.
        const cell = td.getBoundingClientRect();
        const view = visibleBox(td.closest('[data-virtuoso-scroller]') ?? td.closest('.table-scroll')!);
        if (cell.top < view.top - 1 || cell.bottom > view.bottom + 1) continue;
        if (!inView(td, 0, chars)) out.push(`'${ths[main].textContent!.trim()}' of '${heads}' shows fewer than ${chars} characters of '${td.textContent!.slice(0, 40)}…' (${lastMiss})`);
      }
    }
    for (const name of document.querySelectorAll('.basket-line .basket-name')) {
      const text = name.textContent ?? '';
      if (text.length >= chars && !inView(name, 0, chars)) out.push(`basket line shows fewer than ${chars} characters of '${text.slice(0, 40)}…' (${lastMiss})`);
      const values = /\(([^()]*)\)$/.exec(text);
      if (values && !inView(name, values.index, text.length)) out.push(`basket line '${text.slice(0, 30)}…' hides its variant '${values[0]}'`);
    }
    return out;
  }
}

/** Words of the elements matching `selector` (e.g. '.z-table th') that are broken over two lines. */
export function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => { const __name = (f) => f; return (${wordsInPage})(${JSON.stringify(selector)}); })()`) as Promise<string[]>;
}

function wordsInPage(selector: string): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index!);
        range.setEnd(n, m.index! + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`'${el.textContent!.trim()}' breaks inside '${m[0]}'`);
      }
    }
  }
  return out;
}

/** Buttons (and links styled as buttons) whose label runs over two lines ('Shi' / 'fts', or 'Cash account' / 'ledger'). */
export function wrappedButtons(page: Page): Promise<string[]> {
  return page.$$eval('.btn', (els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || !el.textContent?.trim()) return false;
        const range = document.createRange();
        range.selectNodeContents(el);
        // A second line starts below the first one's middle (a <kbd>'s padded box sits a pixel or two off).
        const rects = [...range.getClientRects()].filter((x) => x.width > 0);
        const first = rects.reduce((a, b) => (b.top < a.top ? b : a), rects[0]);
        return rects.some((x) => x.top > first.top + first.height / 2);
      })
      .map((el) => `button '${el.textContent!.trim()}' wraps`),
  );
}

/**
 * The form's submit button ('Sell', 'Buy') is in the window without scrolling, however long the form: a sale of
 * many lines is stood in for by a 1,500 px block put before the button's bar, the page scrolled to its top.
 */
export async function submitInView(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (els) =>
    els
      .filter((el) => {
        const form = el.closest('form')!;
        const bar = [...form.children].find((c) => c.contains(el))!;
        const spacer = document.createElement('div');
        spacer.style.height = '1500px';
        form.insertBefore(spacer, bar);
        scrollTo(0, 0);
        const r = el.getBoundingClientRect();
        spacer.remove();
        return r.bottom > innerHeight || r.top < 0;
      })
      .map((el) => `'${el.textContent!.trim()}' out of the ${innerHeight} px window on a long form`),
  );
}
