/** An item's prices before and after an edit, for the audit log: selling, purchase and each variant's price. */
import type { AuditChange } from '../../commands/audit-docs';
import type { ItemDoc } from '../../commands/docs';
import { auditText } from './entry';

export function priceChanges(before: ItemDoc, after: ItemDoc): AuditChange[] {
  const out: AuditChange[] = [];
  const add = (field: string, a: unknown, b: unknown) => {
    if (auditText(a) !== auditText(b)) out.push({ field, before: auditText(a), after: auditText(b) });
  };
  add('Price', before.price, after.price);
  add('Purchase price', before.purchasePrice, after.purchasePrice);
  const was = new Map((before.variants ?? []).map((v) => [v._id, v.price]));
  for (const v of after.variants ?? []) {
    const label = Object.values(v.values ?? {}).join(' ') || v._id;
    if (was.has(v._id)) add(`Price of ${label}`, was.get(v._id), v.price);
  }
  return out;
}
