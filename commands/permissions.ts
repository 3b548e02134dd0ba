/**
 * Which role levels may write each document kind (the `stores` field): the one table both the server's
 * /db gate (commands/rules/kinds.ts) and anyone else who needs it read. It follows the menu table of document 000 section 2:
 * a kind belongs to the screens that create it, and the levels are the union of those screens' levels.
 *   Settings 0 · Sales 0,1,3 · Purchases and Store 0,1,4 · Banks and Cashbook 0,1,2 · Expenses 0,1,2,3
 *   Customers 0,1,2,3 · Suppliers 0,1,2,4 (payments and cash adjustments come from cashbook, customers
 *   and suppliers, so every level).
 * A kind not listed is refused by the server (commands/rules/kinds.ts, run by its /db gate): a document without `stores`, or of a kind
 * no screen writes, could squat an id the app needs (a level-4 user's `invoice-header` without `stores` made
 * the owner's save fail with 409 for ever). A new kind is added here with its levels before the app writes
 * it; tests/unit/write-levels.test.ts fails on any kind the app writes that is missing.
 * `null` means only the server itself (the database admin) writes that kind.
 */
import type { RoleLevel } from './session';

export const ALL_LEVELS: RoleLevel[] = [0, 1, 2, 3, 4];

export const WRITE_LEVELS: Record<string, RoleLevel[] | null> = {
  // Settings (level 0 only)
  config: [0],
  'invoice-header': [0],
  'sms-sender': [0],
  // Written only by the server: the plan and SMS purchases come from verified payments.
  'current-plan': null,
  'sms-purchase': null,
  // SMS credits (the units a business may spend) and the old units counter they replace.
  'sms-credit': null,
  'sms-units': null,
  // A manager's approval past a customer's credit limit: the server records it once it has checked the password.
  'credit-approval': null,
  // Sales
  sale: [0, 1, 3],
  sale_item: [0, 1, 3],
  // Purchases
  purchase: [0, 1, 4],
  purchase_item: [0, 1, 4],
  // Store
  item: [0, 1, 4],
  stock: [0, 1, 4],
  category: [0, 1, 4],
  variation: [0, 1, 4],
  warehouse: [0, 1, 4],
  'warehouse-transfer': [0, 1, 4],
  'good-returns': [0, 1, 4],
  'damaged-goods': [0, 1, 4],
  issue: [0, 1, 4],
  issue_item: [0, 1, 4],
  // Banks
  bank: [0, 1, 2],
  // Expenses
  expense: [0, 1, 2, 3],
  // Customers and suppliers
  customer: [0, 1, 2, 3],
  'stock-transfer': [0, 1, 2, 3],
  supplier: [0, 1, 2, 4],
  payment: ALL_LEVELS,
  'cash-adjustment': ALL_LEVELS,
  // SMS outbox: anyone who sells or takes payments; a message is only created, never changed (checked separately).
  sms: ALL_LEVELS,
  'invoice-policy': ALL_LEVELS,
  // Shifts (commands/shifts.ts): whoever sells or keeps the cash opens and closes a till's shift.
  'shift-open': [0, 1, 2, 3],
  'shift-close': [0, 1, 2, 3],
  // The audit log (commands/audit-docs.ts): the server writes every entry (its /db gate and its API); no member
  // writes, changes or deletes one, and only the owner's screen reads them.
  audit: null,
  // Stocktake (commands/stocktake.ts): the store's levels start and count; posting, which writes the differences
  // into the stock, is for managers and the owner.
  stocktake: [0, 1, 4],
  'stocktake-count': [0, 1, 4],
  'stocktake-post': [0, 1],
};

/** Kinds that live only in the device's own `-local` database (never synced, so never in the table). */
export const DEVICE_ONLY_KINDS = ['parked-sale'] as const;

/** True when a user of this level may write a document of this kind (an unknown kind: nobody). */
export function mayWrite(kind: string | undefined, level: number): boolean {
  if (!kind || !Object.prototype.hasOwnProperty.call(WRITE_LEVELS, kind)) return false;
  const levels = WRITE_LEVELS[kind];
  return levels !== null && (levels as number[]).includes(level);
}
