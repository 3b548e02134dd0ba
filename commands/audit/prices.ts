/** An item's prices before and after an edit, for the audit log: selling, purchase, each variant's and each price level's. */
import type { AuditChange } from '../audit-docs';
import type { ItemDoc } from '../docs';
import { auditMoney, auditText } from './text';

/** `levelNames`: the price levels' names by id (the setting), so the log says 'Wholesale price', not an id. */
export function priceChanges(before: ItemDoc, after: ItemDoc, levelNames: ReadonlyMap<string, string> = new Map()): AuditChange[] {
  const out: AuditChange[] = [];
  const add = (field: string, a: unknown, b: unknown) => {
    if (auditText(a) !== auditText(b)) out.push({ field, before: auditMoney(a), after: auditMoney(b) });
  };
  add('Price', before.price, after.price);
  add('Purchase price', before.purchasePrice, after.purchasePrice);
  const was = new Map((before.variants ?? []).map((v) => [v._id, v.price]));
  for (const v of after.variants ?? []) {
    const label = Object.values(v.values ?? {}).join(' ') || v._id;
    if (was.has(v._id)) add(`Price of ${label}`, was.get(v._id), v.price);
  }
  // Price levels (issue 28): each level's price of the item, set, changed or removed.
  const levels = new Set([...Object.keys(before.levelPrices ?? {}), ...Object.keys(after.levelPrices ?? {})]);
  for (const level of levels) add(`${levelNames.get(level) ?? level} price`, before.levelPrices?.[level], after.levelPrices?.[level]);
  return out;
}
