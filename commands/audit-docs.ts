/**
 * The audit log's entry (main database, re-exported by ./docs.ts): one document per recorded action, written
 * once by the worker in the same step as the action (the server's own API writes role changes and device
 * revocations), never changed or deleted by anyone but the database admin (server/couch/validate.ts).
 *
 * Its id carries its date: `audit:` + the date in milliseconds, zero-padded to 13 digits, + `:` + the device
 * tag and a random part. Ids sort as dates, so a date range of the log is one `allDocs` id range (an index by
 * date for free), never a scan of the log; the server refuses an id whose date is not the entry's own.
 */
import type { Millis } from './lib/dates';
import type { BaseDoc, UserStamp } from './base-doc';

/** Every kind of entry, in the order the filter offers them. */
export const AUDIT_ACTIONS = [
  'delete',
  'delete-request',
  'delete-accept',
  'delete-reject',
  'sale-edit',
  'purchase-edit',
  'price-change',
  'setting-change',
  'shift-difference',
  'role-change',
  'device-revoke',
  'stocktake-post',
  'credit-limit-change',
  'credit-approval',
  'level-change',
  'discount-change',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field that changed, as text (money and quantities formatted plainly), before and after. */
export type AuditChange = { field: string; before: string; after: string };

export type AuditDoc = BaseDoc & {
  stores: 'audit';
  date: Millis;
  /** Who: always the writer's own stamp (the server refuses another's). */
  user: UserStamp;
  /** Which device: the worker's device tag, or the browser a server-side action came from. */
  device: string;
  /** The device as a person knows it, as the Devices screen names it ('Chrome on Windows'); absent on older entries. */
  device_label?: string;
  action: AuditAction;
  /** What the action was on: its kind, id and a label a person reads ('Sale A-0012', 'Rice 50kg'). */
  target: { kind: string; id: string; label: string };
  changes: AuditChange[];
  note?: string;
};

export const AUDIT_ID_PREFIX = 'audit:';
/** Digits of the date part: milliseconds stay below 10^13 until the year 2286. */
const DATE_DIGITS = 13;

/** The id prefix of every entry written at `date` (also the range key of a date filter). */
export function auditDateKey(date: Millis): string {
  return AUDIT_ID_PREFIX + String(Math.max(0, Math.floor(date))).padStart(DATE_DIGITS, '0');
}

/** An entry's id: its date key, the device and a random part (two devices never collide). */
export function auditId(date: Millis, device: string, random: string): string {
  return `${auditDateKey(date)}:${device}${random}`;
}

/** Limits the server holds an entry to (server/couch/validate.ts): changes per entry, characters per text. */
export const AUDIT_MAX_CHANGES = 200;
export const AUDIT_MAX_TEXT = 1000;
