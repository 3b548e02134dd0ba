/**
 * Which audit entries a write calls for, worked out from the stored version and the new one — the server's
 * /db gate writes them (server/couch/gate-audit.ts) after the write, with its own time and the name it knows
 * for whoever wrote: every edit and deletion of a transaction (its request and review too), every price, credit
 * limit, price level and setting change, a shift closed with a difference, a stocktake posted. Lines are
 * their transaction's: the header's entry covers them.
 */
import { auditId, type AuditAction, type AuditChange, type AuditDoc } from '../audit-docs';
import type { UserStamp } from '../base-doc';
import { CONFIG_DEFAULTS, type ConfigKey, type ConfigValues } from '../config';
import type { BaseDoc, ItemDoc } from '../docs';
import { TRANSACTION_KINDS } from '../lib/deletion';
import { auditLabel, auditSummary } from './describe';
import { purchaseEditChanges, saleEditChanges } from './edits';
import { priceChanges } from './prices';
import { settingChanges } from './settings';
import { auditMoney, auditText, clip } from './text';

export type AuditInput = { action: AuditAction; target: { kind: string; id: string; label: string }; changes: AuditChange[]; note?: string };
type Loose = BaseDoc & Record<string, unknown>;

const LINE_KINDS = ['sale_item', 'purchase_item', 'issue_item'];
const HEADS = (TRANSACTION_KINDS as readonly string[]).filter((k) => !LINE_KINDS.includes(k));
const target = (doc: BaseDoc) => ({ kind: doc.stores, id: doc._id, label: auditLabel(doc) });

function transaction(doc: Loose, before: Loose | undefined): AuditInput[] {
  const record = (action: AuditAction, after: string): AuditInput => ({ action, target: target(before ?? doc), changes: [{ field: 'Record', before: auditSummary(before ?? doc), after }] });
  const deleting = doc._deleted === true || (doc.deleted === true && before?.deleted !== true);
  if (before && deleting) return [record(before.delete_pending ? 'delete-accept' : 'delete', 'Deleted')];
  if (doc.delete_pending === true && !before?.delete_pending) return [record('delete-request', 'Marked for deleting')];
  if (before?.delete_pending && !doc.delete_pending) return [record('delete-reject', `Kept (deletion asked by ${before.deleteRequestedBy?.fullname ?? 'someone'})`)];
  if (!before) return [];
  const changes = doc.stores === 'sale' ? saleEditChanges(before, doc) : doc.stores === 'purchase' ? purchaseEditChanges(before, doc) : [];
  if (!changes.length) return [];
  return [{ action: doc.stores === 'sale' ? 'sale-edit' : 'purchase-edit', target: target(before), changes }];
}

function customer(doc: Loose, before: Loose | undefined, levelNames: ReadonlyMap<string, string>): AuditInput[] {
  const out: AuditInput[] = [];
  const t = { kind: 'customer', id: doc._id, label: String((before ?? doc).name ?? doc._id) };
  const limitNow = doc._deleted === true ? undefined : doc.credit_limit;
  if (auditText(before?.credit_limit) !== auditText(limitNow) && (before || limitNow !== undefined)) {
    out.push({ action: 'credit-limit-change', target: t, changes: [{ field: 'Credit limit', before: auditMoney(before?.credit_limit), after: auditMoney(limitNow) }] });
  }
  const levelNow = doc._deleted === true ? undefined : doc.defaultLevel;
  const levelName = (id: unknown) => (typeof id === 'string' && id ? levelNames.get(id) ?? id : 'Retail');
  if (before && (before.defaultLevel ?? '') !== (levelNow ?? '')) {
    out.push({ action: 'level-change', target: t, changes: [{ field: 'Price level', before: levelName(before.defaultLevel), after: levelName(levelNow) }] });
  }
  const discountNow = doc._deleted === true ? undefined : doc.discount;
  if (before && (before.discount ?? 0) !== (discountNow ?? 0)) {
    out.push({ action: 'discount-change', target: t, changes: [{ field: 'Discount (%)', before: `${auditText(before.discount ?? 0)} %`, after: `${auditText(discountNow ?? 0)} %` }] });
  }
  return out;
}

/**
 * The entries a member's write of `doc` over `before` (its live stored version, if any) calls for;
 * `levelNames` names the price levels (the setting) so the log says 'Wholesale price', not an id.
 */
export function auditOfWrite(doc: Loose, before: Loose | undefined, levelNames: ReadonlyMap<string, string> = new Map()): AuditInput[] {
  const kind = (before ?? doc).stores;
  if (HEADS.includes(kind)) return transaction(doc, before);
  if (kind === 'customer') return customer(doc, before, levelNames);
  if (kind === 'item' && before && doc._deleted !== true) {
    const changes = priceChanges(before as unknown as ItemDoc, doc as unknown as ItemDoc, levelNames);
    return changes.length ? [{ action: 'price-change', target: { kind: 'item', id: doc._id, label: String(doc.name ?? doc._id) }, changes }] : [];
  }
  if (kind === 'config' && typeof doc.key === 'string' && doc._deleted !== true) {
    // A setting never written is at its default (what the settings screen showed).
    const was = before ? before.value : (CONFIG_DEFAULTS as Record<string, unknown>)[doc.key];
    const changes = settingChanges({ [doc.key]: was } as unknown as ConfigValues, { [doc.key as ConfigKey]: doc.value });
    return changes.length ? [{ action: 'setting-change', target: { kind: 'config', id: 'settings', label: 'Settings' }, changes }] : [];
  }
  if (kind === 'shift-close' && !before && typeof doc.expected === 'number' && typeof doc.counted === 'number' && doc.counted !== doc.expected) {
    const opener = String(doc.opened_by ?? '');
    return [{
      action: 'shift-difference',
      target: { kind: 'shift-open', id: String(doc.shift), label: `Shift on till ${String(doc.till)} opened by ${opener}`.trim() },
      changes: [
        { field: 'Expected cash', before: '', after: auditMoney(doc.expected) },
        { field: 'Counted cash', before: '', after: auditMoney(doc.counted) },
        { field: 'Difference', before: '', after: auditMoney(Math.round((doc.counted - doc.expected) * 100) / 100) },
      ],
    }];
  }
  if (kind === 'stocktake-post' && !before && Array.isArray(doc.lines)) {
    const lines = doc.lines as { name?: string; id: string; expected: number; counted: number; difference: number }[];
    return [{
      action: 'stocktake-post',
      target: { kind: 'stocktake', id: String(doc.stocktake), label: String(doc.label ?? `Stocktake ${String(doc.stocktake)}`) },
      changes: lines.filter((l) => l.difference).map((l) => ({ field: l.name ?? l.id, before: String(l.expected), after: String(l.counted) })),
      note: `${lines.length} items counted, ${lines.filter((l) => l.difference).length} with a difference`,
    }];
  }
  return [];
}

/**
 * The entries as stored: the server's time, the writer's stamp with the name the server knows, the device's tag
 * (as its requests name it) and the browser as the Devices screen names it.
 */
export function auditDocs(inputs: readonly AuditInput[], at: { now: number; user: UserStamp; device: string; deviceLabel: string; random: () => string }): AuditDoc[] {
  return inputs.map((input) => ({
    _id: auditId(at.now, 'server', at.random()),
    stores: 'audit',
    date: at.now,
    user: at.user,
    device: at.device,
    device_label: clip(at.deviceLabel),
    action: input.action,
    target: { ...input.target, label: clip(input.target.label) },
    changes: input.changes.map((c) => ({ field: clip(c.field), before: clip(c.before), after: clip(c.after) })),
    ...(input.note ? { note: clip(input.note) } : {}),
  }));
}
