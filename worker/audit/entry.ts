/**
 * Building audit entries (commands/audit-docs.ts). A command that acts builds its entry here and writes it with
 * its own documents: in the same bulkDocs where they share the main database (deletions, edits, prices, shift
 * closes), or right after its own write succeeded where they do not (settings live in the shared database).
 * An entry is only written for an action that happened, never for one refused.
 */
import { auditId, AUDIT_MAX_CHANGES, AUDIT_MAX_TEXT, type AuditAction, type AuditChange, type AuditDoc } from '../../commands/audit-docs';
import { BASE62 } from '../../commands/lib/ids';
import { formatAmount } from '../../commands/lib/money';
import { deviceLabel } from '../../commands/devices';
import { stampOf } from '../acting-user';
import type { Ctx } from '../context';
import { putDoc } from '../writes';

export type AuditInput = {
  action: AuditAction;
  target: { kind: string; id: string; label: string };
  changes?: AuditChange[];
  note?: string;
};

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint32Array(4));
  return Array.from(bytes, (b) => BASE62[b % 62]).join('');
}

const clip = (s: string) => (s.length > AUDIT_MAX_TEXT ? `${s.slice(0, AUDIT_MAX_TEXT - 1)}…` : s);

/** This browser as the Devices screen names it ('Chrome on Windows'): the log shows it rather than the tag. */
function deviceName(): { device_label?: string } {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return agent ? { device_label: clip(deviceLabel(agent)) } : {};
}

/** The entry of the acting user's action, now, on this device. */
export function auditEntry(ctx: Ctx, input: AuditInput): AuditDoc {
  const date = ctx.clock();
  return {
    _id: auditId(date, ctx.device, randomPart()),
    stores: 'audit',
    date,
    user: stampOf(ctx),
    device: ctx.device,
    ...deviceName(),
    action: input.action,
    target: { kind: input.target.kind, id: input.target.id, label: clip(input.target.label) },
    changes: (input.changes ?? []).slice(0, AUDIT_MAX_CHANGES).map((c) => ({ field: clip(c.field), before: clip(c.before), after: clip(c.after) })),
    ...(input.note ? { note: clip(input.note) } : {}),
  };
}

/** Writes an entry alone (for actions whose own documents live in another database). */
export async function recordAudit(ctx: Ctx, input: AuditInput): Promise<void> {
  await putDoc(ctx.db.main, auditEntry(ctx, input) as never);
}

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
