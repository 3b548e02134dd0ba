/**
 * What changed when a sale or purchase was edited, field by field, for the audit log: the money fields, the
 * warehouse and date, and the lines as one text each side ('Rice × 2 @ 100; Beans × 1 @ 50').
 */
import type { AuditChange } from '../audit-docs';
import type { LineItem } from '../docs';
import { formatDate } from '../lib/dates';
import { auditMoney, changedFields } from './text';

const SALE_FIELDS = { total_due: 'Total due', amount_paid: 'Amount paid', discount: 'Discount', vat: 'VAT', from: 'Warehouse', waybill: 'Waybill', truck_number: 'Truck number' };
/** The fields said as amounts ('80,625.00'). */
const MONEY_FIELDS: ReadonlySet<string> = new Set(['total_due', 'amount_paid', 'discount', 'vat']);
const PURCHASE_FIELDS = { total_due: 'Total due', amount_paid: 'Amount paid', to: 'Warehouse', waybill: 'Waybill', truck_number: 'Truck number', supplier: 'Supplier' };

export function linesText(items: readonly LineItem[] | undefined): string {
  return (items ?? []).map((l) => `${l.name} × ${l.quantity} @ ${auditMoney(l.price)}${l.discount ? ` less ${auditMoney(l.discount)}` : ''}`).join('; ');
}

type Editable = { items?: LineItem[]; date?: number } & Record<string, unknown>;

function flatten(doc: Editable, fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const v = doc[key];
    // The amount is what matters on discount and VAT; the supplier by name.
    out[key] = v && typeof v === 'object' && 'amount' in v ? (v as { amount: unknown }).amount : v && typeof v === 'object' && 'name' in v ? (v as { name: unknown }).name : v;
  }
  return out;
}

function editChanges(before: Editable, after: Editable, fields: Record<string, string>): AuditChange[] {
  const changes = changedFields(flatten(before, fields), flatten(after, fields), fields, MONEY_FIELDS);
  const [a, b] = [linesText(before.items), linesText(after.items)];
  if (a !== b) changes.push({ field: 'Items', before: a, after: b });
  if (before.date !== after.date) changes.push({ field: 'Date', before: formatDate(before.date), after: formatDate(after.date) });
  return changes;
}

export const saleEditChanges = (before: Editable, after: Editable) => editChanges(before, after, SALE_FIELDS);
export const purchaseEditChanges = (before: Editable, after: Editable) => editChanges(before, after, PURCHASE_FIELDS);
