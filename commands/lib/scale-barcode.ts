/**
 * Weighing-scale barcodes: EAN-13 codes a shop's scale prints on a label, laid out as
 *   prefix (e.g. 21, or any of 20–29) · item code (scaleCodeLength digits) · value · check digit
 * where the value fills the digits left before the check digit and is the label's price or its weight in
 * grams, as the settings say. Pure: the worker finds the item by its code and builds the line.
 */
import type { ConfigValues } from '../config';

export type ScaleSettings = Pick<ConfigValues, 'scaleBarcode' | 'scalePrefix' | 'scaleCodeLength' | 'scaleValue'>;

export type ScaleReading =
  | { kind: 'price'; code: string; price: number }
  | { kind: 'weight'; code: string; weight: number };

export const SCALE_MESSAGES = {
  checkDigit: (code: string, expected: number) =>
    `The barcode ${code} has a wrong check digit (its last digit should be ${expected}): scan the label again or type the item.`,
} as const;

/** 'one prefix such as 21, or a range such as 20-29' (both ends of a range the same length). */
const PREFIX = /^(\d{1,3})(?:-(\d{1,3}))?$/;

/** The prefixes a setting admits, or undefined when the text is not one. */
export function scalePrefixes(text: string): string[] | undefined {
  const m = PREFIX.exec(text.trim());
  if (!m) return undefined;
  const [, from, to] = m;
  if (to === undefined) return [from];
  if (to.length !== from.length || Number(to) < Number(from)) return undefined;
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'));
  return out;
}

/** The EAN-13 check digit of the first 12 digits: weights 1, 3, 1, 3… from the left, to the next ten. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last is their check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);
}

/** How many value digits a layout leaves: 13 − prefix − code − check digit. */
export function scaleValueDigits(prefixLength: number, codeLength: number): number {
  return 12 - prefixLength - codeLength;
}

/** Does this scan have a scale label's shape (13 digits starting with a configured prefix)? Check digit aside. */
export function scalePrefixOf(code: string, s: ScaleSettings): string | undefined {
  if (!s.scaleBarcode || !/^\d{13}$/.test(code)) return undefined;
  return scalePrefixes(s.scalePrefix)?.find((p) => code.startsWith(p));
}

/**
 * Reads a scale label: undefined when the scan is not one (setting off, not 13 digits, another prefix);
 * throws with SCALE_MESSAGES.checkDigit when it is one with a wrong check digit. A price is in the shop's
 * major units, or with two decimals ('price2'); a weight in grams reads as kilograms (quantity 0.75 for 750 g).
 */
export function readScaleBarcode(code: string, s: ScaleSettings): ScaleReading | undefined {
  const prefix = scalePrefixOf(code, s);
  if (prefix === undefined) return undefined;
  const expected = ean13CheckDigit(code);
  if (expected !== Number(code[12])) throw new ScaleCheckDigitError(SCALE_MESSAGES.checkDigit(code, expected));
  const itemCode = code.slice(prefix.length, prefix.length + s.scaleCodeLength);
  const value = Number(code.slice(prefix.length + s.scaleCodeLength, 12));
  if (s.scaleValue === 'weight') return { kind: 'weight', code: itemCode, weight: value / 1000 };
  return { kind: 'price', code: itemCode, price: s.scaleValue === 'price2' ? value / 100 : value };
}

export class ScaleCheckDigitError extends Error {}

/** The ways the code may be written on the item: as printed, and without its leading zeros ('00042' → '42'). */
export function scaleCodeCandidates(code: string): string[] {
  const bare = code.replace(/^0+(?=\d)/, '');
  return bare === code ? [code] : [code, bare];
}

/** Quantities of weighed goods keep grams: three decimals. */
export function roundQuantity(q: number): number {
  return Math.round(q * 1000) / 1000;
}
