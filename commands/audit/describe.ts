/**
 * How the audit log names a transaction and sums it up before it was deleted: a label ('Sale A-0012') and one
 * line of what it held, so the entry still says what went after the document itself is gone.
 */
import type { BaseDoc } from '../docs';
import { formatDate } from '../lib/dates';

const KIND_NAMES: Record<string, string> = {
  sale: 'Sale',
  purchase: 'Purchase',
  issue: 'Issue',
  payment: 'Payment',
  'cash-adjustment': 'Cash adjustment',
  expense: 'Expense',
  item: 'Item',
  stocktake: 'Stocktake',
};

type Loose = BaseDoc & Record<string, unknown>;

export function kindName(kind: string): string {
  return KIND_NAMES[kind] ?? kind;
}

/** 'Sale A-0012', 'Expense: Fuel', 'Payment to Ade'. */
export function auditLabel(doc: BaseDoc): string {
  const d = doc as Loose;
  const name = kindName(doc.stores);
  if (typeof d.invoice_number === 'string' && d.invoice_number) return `${name} ${d.invoice_number}`;
  if (typeof d.description === 'string' && d.description) return `${name}: ${d.description}`;
  const client = (d.client as { name?: string } | undefined)?.name;
  if (client) return `${name}, ${client}`;
  if (typeof d.name === 'string') return `${name} ${d.name}`;
  return `${name} ${doc._id}`;
}

/** What the transaction held, in one line: its summary, amounts and date. */
export function auditSummary(doc: BaseDoc): string {
  const d = doc as Loose;
  const parts: string[] = [];
  if (typeof d.summary === 'string' && d.summary) parts.push(d.summary);
  const customer = (d.customer as { name?: string } | undefined)?.name ?? (d.supplier as { name?: string } | undefined)?.name;
  if (customer) parts.push(customer);
  if (typeof d.total_due === 'number') parts.push(`total ${d.total_due}`);
  if (typeof d.amount_paid === 'number') parts.push(`paid ${d.amount_paid}`);
  if (typeof d.amount === 'number') parts.push(`amount ${d.amount}`);
  if (typeof d.date === 'number') parts.push(formatDate(d.date));
  if (d.user && typeof d.user === 'object') parts.push(`by ${(d.user as { fullname?: string }).fullname ?? ''}`.trim());
  return parts.join(', ');
}
