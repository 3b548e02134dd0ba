/**
 * The audit log (/audit, the owner's): who deleted, edited, repriced or changed what, when and on which device,
 * with each field's value before and after. Entries are written by the commands that act (worker/audit/), one
 * document each (./audit-docs.ts). The list reads one date range of entries by their ids and filters it by
 * person and kind of entry: never a scan of the whole log.
 */
import type { AuditAction, AuditChange } from './audit-docs';
import type { Millis } from './lib/dates';
import type { Reads } from './reads';
import type { TablePage, TableQuery } from './table';

export { AUDIT_ACTIONS, type AuditAction, type AuditChange } from './audit-docs';

/** What the kind filter and the Kind column show for each entry kind. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  delete: 'Deletion',
  'delete-request': 'Deletion requested',
  'delete-accept': 'Deletion accepted',
  'delete-reject': 'Deletion rejected',
  'sale-edit': 'Sale edited',
  'purchase-edit': 'Purchase edited',
  'price-change': 'Price change',
  'setting-change': 'Setting change',
  'shift-difference': 'Shift difference',
  'role-change': 'Staff role change',
  'device-revoke': 'Device revoked',
  'stocktake-post': 'Stocktake posted',
  'credit-limit-change': 'Credit limit change',
  'credit-approval': 'Credit approval',
  'level-change': 'Customer price level change',
  'discount-change': 'Customer discount change',
};

export const AUDIT_MESSAGES = {
  empty: 'Nothing was recorded in this period.',
  ownerOnly: 'Only the owner can read the audit log',
} as const;

export type AuditRow = {
  _id: string;
  date: Millis;
  /** Username and full name of who acted. */
  username: string;
  person: string;
  /** The device by name ('Chrome on Windows'), or its tag on entries written before names were kept. */
  device: string;
  /** The device's tag, which tells two devices of one name apart (searchable, shown on hover). */
  deviceId: string;
  action: AuditAction;
  kind: string;
  /** What it was on: 'Sale A-0012'. */
  target: string;
  targetId: string;
  changes: AuditChange[];
  /** The changes as one line of text ('Price: 100 → 120; Quantity: 2 → 3'), for the table, search and CSV. */
  detail: string;
  note?: string;
};

export type AuditQuery = TableQuery & {
  /** A username: only that person's entries. */
  person?: string;
  /** One kind of entry. */
  action?: AuditAction;
};

export type AuditPage = TablePage<AuditRow> & {
  /** Everyone with an entry in the date range (the person filter's choices), by name. */
  people: { username: string; fullname: string }[];
};

export type AuditCommands = {
  /** The owner only; a date range is required (the screen defaults to this month). */
  'audit-list': (input: AuditQuery) => Promise<AuditPage>;
};

export const AUDIT_READS = {
  'audit-list': ['audit'],
} as const satisfies Reads<AuditCommands>;

/** One change as text: 'Price: 100 → 120'. */
export function changeText(c: AuditChange): string {
  return `${c.field}: ${c.before || '—'} → ${c.after || '—'}`;
}
