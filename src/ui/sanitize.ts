/**
 * The one way user-written HTML (the invoice header) is cleaned: DOMPurify with the HTML profile (no scripts,
 * no event handlers, no javascript: links), and inline styles cut down to what the header editor sets (colour,
 * size, alignment), so a synced document cannot bring in background images or overlays through CSS.
 * The editor cleans before storing; every screen that shows the header cleans again.
 */
import DOMPurify from 'dompurify';

const STYLES = new Set(['color', 'font-size', 'text-align', 'font-weight', 'font-style', 'text-decoration']);
/** A CSS value without functions (url(), expression(), var()) or escapes; rgb() colours are the one exception. */
const PLAIN_VALUE = /^(?:[#%.,\w\s-]+|rgba?\([\d.,\s%]+\))$/;

const purifier = typeof window !== 'undefined' ? DOMPurify(window) : null;

purifier?.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName !== 'style') return;
  const kept = data.attrValue
    .split(';')
    .map((rule) => rule.split(':'))
    .filter(([name, value, ...rest]) => !rest.length && value !== undefined && STYLES.has(name.trim().toLowerCase()) && PLAIN_VALUE.test(value.trim()))
    .map(([name, value]) => `${name.trim().toLowerCase()}: ${value.trim()}`)
    .join('; ');
  data.attrValue = kept;
  if (!kept) data.keepAttr = false;
});

export function cleanHtml(html: string): string {
  if (!purifier) return '';
  return purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button', 'iframe', 'object', 'embed'] });
}
