/**
 * Money arithmetic and display. Documents hold amounts as numbers in major units (as the spec shapes them);
 * every sum, product and percentage here runs through dinero.js in minor units so totals never drift.
 */
import { add, dinero, halfAwayFromZero, multiply, subtract, toSnapshot, transformScale, type Dinero } from 'dinero.js';
import type { Currency } from '../config';

/** The ledger's currency: two minor digits. The display symbol is a separate setting (naira by default). */
const LEDGER = { code: 'NGN', base: 10, exponent: 2 } as const;

/** Major units to an exact minor-unit integer, rounding half away from zero (no 1.005 → 1.00 surprises). */
/**
 * The largest amount any money field may hold: below 10^12 major units, so an amount in kobo (× 100) stays an
 * exact integer in a double. The worker refuses more with a clear message and the server's
 * validate_doc_update refuses it too (server/couch/validate.ts).
 */
export const MAX_AMOUNT = 999_999_999_999;

export function toMinor(major: number): number {
  if (!Number.isFinite(major)) return 0;
  const scaled = Number((Math.abs(major) * 100).toFixed(6));
  return Math.sign(major) * Math.round(scaled);
}

function d(major: number): Dinero<number> {
  return dinero({ amount: toMinor(major), currency: LEDGER });
}

function major(x: Dinero<number>): number {
  const snap = toSnapshot(transformScale(x, 2, halfAwayFromZero));
  return snap.amount / 100;
}

/** What is not part of an amount as people type it: thousands separators, spaces, currency symbols. */
const DECORATION = /[,\s₦¥£₹$]/g;
/**
 * An amount as text: digits with an optional point, and an optional exponent ('1e20' is a number, an absurd
 * one: the bounds refuse it with their message, as the CSV import always did, rather than it reading as 0).
 */
const AMOUNT_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** Text that more typing can still turn into an amount ('-', '1.', '1e'); anything else never will. */
const AMOUNT_PREFIX = /^[-+]?(\d+\.?\d*(e[-+]?\d*)?|\.\d*)?$/i;

/**
 * The spec: money inputs parse to a number; an invalid entry becomes 0. Separators and symbols are ignored.
 * The one parse of every money field, the worker's and the import's: a number past what a double holds
 * ('1e400') is the largest double, so the bounds (commands/lib/bounds.ts) refuse it rather than it reading as 0.
 */
export function parseMoney(input: unknown): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  if (typeof input !== 'string') return 0;
  const cleaned = input.replace(DECORATION, '');
  if (cleaned === '' || !AMOUNT_TEXT.test(cleaned)) return 0;
  return clampInfinite(Number(cleaned));
}

const clampInfinite = (n: number) => (Number.isFinite(n) ? n : Math.sign(n) * Number.MAX_VALUE);

/** True when `input` has text that is not an amount ('abc', '1.2.3'): parseMoney read it as 0. */
export function readAsZero(input: string): boolean {
  const cleaned = input.replace(DECORATION, '');
  return cleaned !== '' && !AMOUNT_TEXT.test(cleaned);
}

/** An amount typed into a field or a file: its value, or undefined when the text is not an amount at all. */
export function amountOf(input: string): number | undefined {
  return readAsZero(input) ? undefined : parseMoney(input);
}

/** True when no further typing can make `input` an amount ('abc', '12x'): a field shows the 0 it reads as at once. */
export function neverAnAmount(input: string): boolean {
  return !AMOUNT_PREFIX.test(input.replace(DECORATION, ''));
}

/** What a money field says under an entry read as 0. */
export function readAsZeroText(input: string): string {
  return `'${input.trim()}' is not an amount: read as 0`;
}

export function sumMoney(values: readonly number[]): number {
  let total = d(0);
  for (const v of values) total = add(total, d(v));
  return major(total);
}

export function subMoney(a: number, b: number): number {
  return major(subtract(d(a), d(b)));
}

/** amount × factor (a quantity, possibly fractional), rounded to two decimals. */
export function mulMoney(amount: number, factor: number): number {
  if (!Number.isFinite(factor)) return 0;
  const text = String(Math.abs(factor));
  const scale = text.includes('e') ? 6 : (text.split('.')[1] ?? '').length;
  const scaled = Math.round(factor * 10 ** scale);
  return major(multiply(d(amount), { amount: scaled, scale }));
}

/** pct percent of amount (e.g. percentOf(2000, 5) === 100). */
export function percentOf(amount: number, pct: number): number {
  return mulMoney(mulMoney(amount, pct), 0.01);
}

export function formatMoney(amount: number, symbol: Currency | string = '₦'): string {
  const minor = toMinor(amount);
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${symbol}${whole}.${cents}`;
}

/** Plain number with separators and two decimals, no symbol (table cells). */
export function formatAmount(amount: number): string {
  return formatMoney(amount, '');
}
