/**
 * Which fields of each document kind are money, quantities or percentages (and, from ./text-limits.ts, which
 * are names and notes of what length), so both sides bound them alike:
 * the worker before it writes (worker/limits.ts), the server's /db gate on every write (commands/rules/bounds.ts:
 * this very function).
 *
 * A path is dotted; `*` stands for every element of an array or every value of a map
 * ('items.*.price' is the price of every line, 'reorderLevels.*' every warehouse's level).
 */
import { boundProblem, type BoundKind } from './bounds';
import { TEXT_LIMITS, textProblem } from './text-limits';

export type FieldRule = { path: string; kind: BoundKind; label: string };

/** The fields of a line (LineItem) under `prefix` ('' for a stored movement line, 'items.*.' on its transaction). */
function lineRules(prefix: string): FieldRule[] {
  return [
    { path: `${prefix}quantity`, kind: 'quantity', label: 'Quantity' },
    { path: `${prefix}price`, kind: 'amount', label: 'Price' },
    { path: `${prefix}discount`, kind: 'amount', label: 'Line discount' },
    { path: `${prefix}cost_price`, kind: 'amount', label: 'Cost price' },
  ];
}

const TRANSACTION: FieldRule[] = [
  ...lineRules('items.*.'),
  { path: 'total_quantity', kind: 'quantity', label: 'Total quantity' },
  { path: 'total_due', kind: 'amount', label: 'Total due' },
  { path: 'amount_paid', kind: 'amount', label: 'Amount paid' },
  { path: 'bank.amount', kind: 'amount', label: 'Bank amount' },
  { path: 'transport.total', kind: 'amount', label: 'Transport' },
  { path: 'transport.paid', kind: 'amount', label: 'Transport paid' },
];

/** A manager's approval past a credit limit (commands/lib/credit-limit.ts) records the limit and the balance. */
const CREDIT_APPROVAL: FieldRule[] = [
  { path: 'credit_approval.limit', kind: 'amount', label: 'Approved credit limit' },
  { path: 'credit_approval.balance', kind: 'amount', label: 'Approved balance' },
];

export const DOC_BOUNDS: Record<string, FieldRule[]> = {
  item: [
    { path: 'price', kind: 'amount', label: 'Price' },
    { path: 'purchasePrice', kind: 'amount', label: 'Purchase price' },
    { path: 'variants.*.price', kind: 'amount', label: 'Variant price' },
    { path: 'units.*.price', kind: 'amount', label: 'Unit price' },
    { path: 'units.*.levelPrices.*', kind: 'amount', label: 'Unit level price' },
    { path: 'reorderLevel', kind: 'quantity', label: 'Reorder level' },
    { path: 'reorderLevels.*', kind: 'quantity', label: 'Reorder level' },
    { path: 'levelPrices.*', kind: 'amount', label: 'Level price' },
  ],
  stock: [
    { path: 'quantity', kind: 'quantity', label: 'Starting quantity' },
    { path: 'price', kind: 'amount', label: 'Price' },
  ],
  'warehouse-transfer': [{ path: 'quantity', kind: 'quantity', label: 'Quantity' }],
  'good-returns': [
    { path: 'quantity', kind: 'quantity', label: 'Quantity' },
    { path: 'amount', kind: 'amount', label: 'Amount' },
    { path: 'item.rate', kind: 'amount', label: 'Rate' },
  ],
  'damaged-goods': [{ path: 'quantity', kind: 'quantity', label: 'Quantity' }],
  bank: [{ path: 'balance', kind: 'amount', label: 'Opening balance' }],
  payment: [{ path: 'amount', kind: 'amount', label: 'Amount' }],
  'cash-adjustment': [{ path: 'amount', kind: 'amount', label: 'Amount' }, ...CREDIT_APPROVAL],
  'stock-transfer': [
    { path: 'quantity', kind: 'quantity', label: 'Quantity' },
    { path: 'send_price', kind: 'amount', label: 'Send price' },
    { path: 'receive_price', kind: 'amount', label: 'Receive price' },
    ...CREDIT_APPROVAL,
  ],
  expense: [{ path: 'amount', kind: 'amount', label: 'Amount' }],
  customer: [
    { path: 'discount', kind: 'percent', label: 'Discount' },
    { path: 'credit_limit', kind: 'amount', label: 'Credit limit' },
  ],
  supplier: [{ path: 'discount', kind: 'percent', label: 'Discount' }],
  sale: [
    ...TRANSACTION,
    { path: 'customer.discount', kind: 'percent', label: 'Customer discount' },
    { path: 'discount.amount', kind: 'amount', label: 'Discount' },
    { path: 'discount.percentage', kind: 'percent', label: 'Discount percentage' },
    { path: 'vat.amount', kind: 'amount', label: 'VAT' },
    { path: 'vat.percentage', kind: 'percent', label: 'VAT percentage' },
    { path: 'cash_received', kind: 'amount', label: 'Cash received' },
    { path: 'change', kind: 'amount', label: 'Change' },
    ...CREDIT_APPROVAL,
  ],
  purchase: TRANSACTION,
  issue: TRANSACTION,
  sale_item: lineRules(''),
  purchase_item: lineRules(''),
  issue_item: lineRules(''),
  'shift-open': [{ path: 'float', kind: 'amount', label: 'Opening float' }],
  'shift-close': [
    { path: 'counted', kind: 'amount', label: 'Counted cash' },
    { path: 'count.*.value', kind: 'amount', label: 'Count value' },
    { path: 'count.*.count', kind: 'quantity', label: 'Count' },
  ],
};

/** Every value at `path` in `doc` (a `*` step fans out over an array's elements or a map's values). */
export function valuesAt(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const step of path.split('.')) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      if (step === '*') next.push(...Object.values(v));
      else if (Object.prototype.hasOwnProperty.call(v, step)) next.push((v as Record<string, unknown>)[step]);
    }
    current = next;
  }
  return current;
}

const own = <T>(table: Record<string, T[]>, kind: string): T[] => (Object.prototype.hasOwnProperty.call(table, kind) ? table[kind] : []);

/**
 * The first money, quantity or percentage of `doc` past its bound, or text past its length, as the message to
 * show; else undefined. A value `before` (the stored version being edited) already held at the same place is
 * not judged again, as the server does: a document from before the limits can still be edited and marked.
 */
export function docLimitsProblem(doc: { stores?: unknown; _deleted?: boolean }, before?: object): string | undefined {
  if (doc._deleted || typeof doc.stores !== 'string') return undefined;
  const fresh = (path: string) => {
    const held = before ? valuesAt(before, path) : [];
    return valuesAt(doc, path).filter((v) => !held.includes(v));
  };
  for (const rule of own(DOC_BOUNDS, doc.stores)) {
    for (const value of fresh(rule.path)) {
      const problem = boundProblem(rule.kind, value, rule.label);
      if (problem) return problem;
    }
  }
  for (const rule of own(TEXT_LIMITS, doc.stores)) {
    for (const value of fresh(rule.path)) {
      const problem = textProblem(value, rule.max, rule.label);
      if (problem) return problem;
    }
  }
  return undefined;
}
