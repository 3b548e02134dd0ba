/**
 * The item index's text model: what an item is searched by (its haystack), its trigrams (substring queries of 3+
 * characters) and its word-start prefixes (1-2 character queries), and the word-start test used for ranking.
 */
import type { ItemDoc } from '../../../commands/docs';

export const GRAM = 3;
const SEPARATORS = /[\s\u0001,.\-_/()]+/;

export function haystack(doc: ItemDoc): string {
  return [doc.name, doc.description ?? '', String(doc.price ?? ''), doc._id, doc.barcode ?? ''].join('\u0001').toLowerCase();
}

/**
 * One item in the index. Its haystack is made on first use: the postings (filled after the index has caught
 * up) and substring matching need it, the first store page does not, and making 50,000 of them was the largest
 * part of loading the index's snapshot on a cold start.
 */
export class IndexEntry {
  alive = true;
  private text: string | undefined;

  constructor(
    readonly doc: ItemDoc,
    readonly name: string,
    readonly id: string,
    readonly code: string,
  ) {}

  get hay(): string {
    return (this.text ??= haystack(this.doc));
  }
}

export function grams(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= text.length; i++) out.add(text.slice(i, i + GRAM));
  return out;
}

export function shortPrefixes(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.split(SEPARATORS)) {
    if (!word) continue;
    out.add(word.slice(0, 1));
    if (word.length > 1) out.add(word.slice(0, 2));
  }
  return out;
}

const SEPARATOR = /[\s\u0001,.\-_/()]/;

/**
 * shortPrefixes(text).has(q) for a query shorter than GRAM, without splitting the text: a word starts with q
 * (q has no separator: words have none). The postings test the entries not yet in them this way.
 */
export function startsAWord(text: string, q: string): boolean {
  for (let at = 0; at < q.length; at++) if (separatorAt(q, at)) return false;
  return wordStartAt(text, q);
}
/** The ASCII separators of SEPARATOR by character code (ranking tests one per occurrence, so no regex there). */
const ASCII_SEPARATOR = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_SEPARATOR[c] = SEPARATOR.test(String.fromCharCode(c)) ? 1 : 0;

function separatorAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c < 128 ? ASCII_SEPARATOR[c] === 1 : SEPARATOR.test(text[at]);
}

export function wordStartAt(text: string, q: string): boolean {
  for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + 1)) {
    if (at === 0 || separatorAt(text, at - 1)) return true;
  }
  return false;
}
