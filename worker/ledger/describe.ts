/** How a statement row reads: its description, details, invoice/teller number and link target, per kind. */
import { KINDS } from './postings';
import type { CreditApprovalStamp } from '../../commands/lib/credit-limit';
import { adjustmentEffect } from '../../commands/payments';

export type RowText = { stores: string; description: string; details?: string; invoice?: string; ref?: string; user?: string; approval?: CreditApprovalStamp };

const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const o = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** Fallback text per kind when a field is missing (also used when the document could not be read). */
const KIND_TEXT: Record<string, string> = {
  sale_item: 'Sale',
  purchase_item: 'Purchase',
  issue_item: 'Issue',
  stock: 'Starting stock',
  'good-returns': 'Returns',
  'damaged-goods': 'Damaged goods',
  'warehouse-transfer': 'Warehouse transfer',
  sale: 'Sale',
  purchase: 'Purchase',
  payment: 'Payment',
  'cash-adjustment': 'Cash adjustment',
  'stock-transfer': 'Stock transfer',
  expense: 'Expense',
  'stocktake-post': 'Stocktake',
  issue: 'Issue',
};

/**
 * `supplierView` (the /supplier/{id} route's client=supplier): payment rows read from the side of a business
 * paying its supplier: money sent is 'Payment made', money coming back is 'Refund received'.
 */
export function describe(doc: Record<string, unknown> | undefined, kindCode: number, options: { supplierView?: boolean } = {}): RowText {
  const stores = KINDS[kindCode] ?? 'unknown';
  const fallback = KIND_TEXT[stores] ?? stores;
  if (!doc) return { stores, description: fallback };
  const text = describeDoc(doc, stores, fallback, options);
  // A manager's approval past a credit limit shows on the statement (issue 28): who, when, which limit.
  const approval = approvalOf(doc.credit_approval);
  return approval ? { ...text, approval } : text;
}

function approvalOf(v: unknown): CreditApprovalStamp | undefined {
  const a = o(v);
  if (typeof a.username !== 'string' || typeof a.at !== 'number' || typeof a.limit !== 'number') return undefined;
  return { username: a.username, fullname: s(a.fullname) ?? a.username, at: a.at, limit: a.limit, balance: typeof a.balance === 'number' ? a.balance : 0, ...(s(a.id) ? { id: s(a.id) } : {}) };
}

function describeDoc(doc: Record<string, unknown>, stores: string, fallback: string, options: { supplierView?: boolean }): RowText {
  const user = s(o(doc.user).fullname);
  const details = s(doc.details);
  switch (stores) {
    case 'sale_item':
    case 'purchase_item':
    case 'issue_item': {
      const tx = o(doc.transaction);
      return { stores, description: s(tx.summary) ?? fallback, details: s(tx.client), invoice: s(tx.invoice), ref: s(tx.ref), user };
    }
    case 'stock':
      return { stores, description: s(doc.extra_notes) ?? fallback, user };
    case 'good-returns':
      return { stores, description: s(doc.extra_notes) ?? fallback, details: details ?? s(o(doc.client).name), user };
    case 'damaged-goods':
      return { stores, description: fallback, details: details ?? s(doc.recipient), user };
    case 'warehouse-transfer': {
      const from = s(o(doc.from).value) ?? s(o(doc.from).location);
      const to = s(o(doc.to).value) ?? s(o(doc.to).location);
      return { stores, description: from && to ? `Transfer from ${from} to ${to}` : fallback, details, user };
    }
    case 'sale':
    case 'purchase':
    case 'issue':
      return { stores, description: s(doc.summary) ?? fallback, invoice: s(doc.invoice_number), user };
    case 'payment': {
      const sent = doc.factor === 1;
      const direction = options.supplierView ? (sent ? 'Payment made' : 'Refund received') : sent ? 'Payment sent' : 'Payment received';
      // Client start balances carry medium 'Start balance'; a bank's carries the bank as medium: both are excluded.
      const medium = doc.medium === 'Start balance' || doc.exclude === true ? 'Start balance' : undefined;
      return { stores, description: medium ?? direction, details: details ?? s(o(doc.client).name), invoice: s(doc.teller_number), user };
    }
    case 'cash-adjustment':
      // Which way it went, in the owner's words ('Cash adjustment: takes off what the customer owes').
      return { stores, description: `${fallback}: ${adjustmentEffect(options.supplierView ? 'supplier' : 'customer', doc.factor === -1 ? -1 : 1)}`, details, user };
    case 'stock-transfer': {
      const item = s(o(doc.item).name);
      return { stores, description: item ? `${fallback}: ${item}` : fallback, details, user };
    }
    case 'expense':
      return { stores, description: s(doc.description) ?? fallback, user };
    default:
      return { stores, description: fallback, details, user };
  }
}
