/**
 * The one upper bound of every amount, price and quantity (issue 27, item 5). A price of 999999999999999
 * showed '₦999,999,999,999,999.04' and an expense of 99999999999999999999 put 'Cash out
 * ₦100,000,000,000,000,080,000.08' in the cashbook: past 2^53 minor units a double no longer holds kobo
 * exactly. Below these bounds it does, with room to add up years of them.
 *
 * The worker checks every value it takes from input here (checkAmount, checkQuantity, checkPercent) and every
 * document it is about to write (commands/lib/doc-limits.ts walks the money and quantity fields of each kind);
 * the server's /db gate walks the same table with the same messages (commands/rules/bounds.ts).
 */
import { UserError } from '../errors';
import { MAX_AMOUNT } from './money';

export { MAX_AMOUNT };

/**
 * The largest quantity: below 10^9 units. The ledger keeps stock in thousandths of a unit (integers), so a
 * quantity stays exact, and quantity × price stays within what a total can hold for any sane price.
 */
export const MAX_QUANTITY = 999_999_999;

/** A percentage (discount, VAT) is 0 to 100. */
export const MAX_PERCENT = 100;

export type BoundKind = 'amount' | 'quantity' | 'percent';

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The messages, without a field's name (the shift commands' 'An amount must be below 1,000,000,000,000'). */
export const BOUNDS_MESSAGES = {
  amount: `An amount must be below ${group(MAX_AMOUNT + 1)}`,
  quantity: `A quantity must be below ${group(MAX_QUANTITY + 1)}`,
  percent: `A percentage must be between 0 and ${MAX_PERCENT}`,
} as const;

/** The message for a value of the field `label` past its bound: 'Price must be below 1,000,000,000,000'. */
export function boundMessage(kind: BoundKind, label: string | undefined, value: number): string {
  if (kind === 'percent') return label ? `${label} must be between 0 and ${MAX_PERCENT}` : BOUNDS_MESSAGES.percent;
  const max = kind === 'amount' ? MAX_AMOUNT : MAX_QUANTITY;
  if (!label) return BOUNDS_MESSAGES[kind];
  return value < 0 ? `${label} must be above -${group(max + 1)}` : `${label} must be below ${group(max + 1)}`;
}

/** Why `value` cannot be stored as a `kind`, or undefined. Not a number is not this check's business. */
export function boundProblem(kind: BoundKind, value: unknown, label?: string): string | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
  if (kind === 'percent') return value < 0 || value > MAX_PERCENT ? boundMessage(kind, label, value) : undefined;
  const max = kind === 'amount' ? MAX_AMOUNT : MAX_QUANTITY;
  return Math.abs(value) > max ? boundMessage(kind, label, value) : undefined;
}

/** The value when within the bound of an amount; otherwise a UserError with the message. */
export function checkAmount(value: number, label?: string): number {
  const problem = boundProblem('amount', value, label);
  if (problem) throw new UserError('too-large', problem);
  return value;
}

export function checkQuantity(value: number, label?: string): number {
  const problem = boundProblem('quantity', value, label);
  if (problem) throw new UserError('too-large', problem);
  return value;
}

export function checkPercent(value: number, label?: string): number {
  const problem = boundProblem('percent', value, label);
  if (problem) throw new UserError('out-of-range', problem);
  return value;
}

/**
 * A line of a sale, purchase or issue: its quantity, price and discount, and its total (price × quantity),
 * which must stay an amount too. Messages name the line's item: 'Indomie: Price must be below …'.
 */
export function checkLine(line: { name?: string; quantity: number; price: number; discount?: number }): void {
  const named = (label: string) => (line.name ? `${line.name}: ${label}` : label);
  checkQuantity(line.quantity, named('Quantity'));
  checkAmount(line.price, named('Price'));
  if (line.discount !== undefined) checkAmount(line.discount, named('Line discount'));
  checkAmount(line.price * line.quantity, named('Price × quantity'));
}
