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
  '/settings',
  '/settings/sms',
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
