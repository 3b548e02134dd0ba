/** Values as the audit log shows them, and the fields that changed between two versions of a document. */
import { AUDIT_MAX_TEXT, type AuditChange } from '../audit-docs';
import { formatAmount } from '../lib/money';

/** A text cut to what an entry holds (commands/audit-docs.ts AUDIT_MAX_TEXT). */
export const clip = (s: string) => (s.length > AUDIT_MAX_TEXT ? `${s.slice(0, AUDIT_MAX_TEXT - 1)}…` : s);

/** A value as the log shows it: numbers plainly, objects as JSON, nothing as ''. */
export function auditText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** An amount as the log shows it: '80,625.00', never the bare '80625' (issue 39); anything else as auditText. */
export function auditMoney(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? formatAmount(v) : auditText(v);
}

/**
 * The fields whose values differ between two objects, by label: `{ price: 'Price', ... }`; the keys in `money`
 * are said as amounts.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: Record<string, string>, money: ReadonlySet<string> = new Set()): AuditChange[] {
  const out: AuditChange[] = [];
  for (const [key, label] of Object.entries(fields)) {
    if (auditText(before[key]) === auditText(after[key])) continue;
    const shown = money.has(key) ? auditMoney : auditText;
    out.push({ field: label, before: shown(before[key]), after: shown(after[key]) });
  }
  return out;
}
