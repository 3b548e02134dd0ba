/**
 * Expiry batches (document 000 section 4): purchase lines and starting stock with an expiry date, sorted by
 * that date; quantity already sold or damaged is consumed from the oldest batches first; the first batch with
 * something left is the closest expiry. Computed from one item's entries and cached until the item changes.
 */
import dayjs from 'dayjs';
import { kindCode } from './postings';
import { QTY_SCALE } from './postings';
import type { Account } from './state';

export type Batch = { expiry_date: number; quantity: number };
export type ExpiryView = {
  closest?: number;
  /** Remaining quantity per batch, oldest expiry first, empty batches left out. */
  batches: Batch[];
  /** 1-based position of the closest batch among all of the item's dated batches. */
  iteration?: number;
};

const SALE = kindCode('sale_item');
const DAMAGED = kindCode('damaged-goods');
const TRANSFER = kindCode('warehouse-transfer');
const EMPTY: ExpiryView = Object.freeze({ batches: [] }) as ExpiryView;

/** Per account, the whole item's view ('' key) and each warehouse's asked for, until the account changes. */
const cache = new WeakMap<Account, { version: number; views: Map<string, ExpiryView> }>();

/**
 * The item's batches, or with `warehouse` only that warehouse's: batches bought or counted into it, consumed by
 * what was sold, damaged or moved out of it (issue 39: Ikeja must not list Main store's batches).
 */
export function expiryOf(account: Account | undefined, warehouse?: string): ExpiryView {
  if (!account) return EMPTY;
  let hit = cache.get(account);
  if (!hit || hit.version !== account.version) cache.set(account, (hit = { version: account.version, views: new Map() }));
  const key = warehouse === undefined ? '' : `w:${warehouse}`;
  let view = hit.views.get(key);
  if (!view) hit.views.set(key, (view = compute(account, warehouse)));
  return view;
}

function compute(account: Account, warehouse: string | undefined): ExpiryView {
  const batches: { expiry: number; date: number; left: number }[] = [];
  let consumed = 0;
  for (const e of account.entries) {
    if (e.dead) continue;
    if (warehouse !== undefined && e.warehouse !== warehouse) continue;
    if (!Number.isNaN(e.expiry) && e.delta > 0) batches.push({ expiry: e.expiry, date: e.date, left: e.delta });
    else if (e.kind === SALE || e.kind === DAMAGED) consumed -= e.delta;
    // Between warehouses a transfer moves stock out of one (the item's whole view: it only moves, nets zero).
    else if (warehouse !== undefined && e.kind === TRANSFER && e.delta < 0) consumed -= e.delta;
  }
  if (!batches.length) return EMPTY;
  batches.sort((a, b) => a.expiry - b.expiry || a.date - b.date);
  for (const b of batches) {
    if (consumed <= 0) break;
    const take = Math.min(b.left, consumed);
    b.left -= take;
    consumed -= take;
  }
  const first = batches.findIndex((b) => b.left > 0);
  const remaining = batches.filter((b) => b.left > 0).map((b) => ({ expiry_date: b.expiry, quantity: b.left / QTY_SCALE }));
  if (first < 0) return { batches: [] };
  return { closest: batches[first].expiry, batches: remaining, iteration: first + 1 };
}

/** 'Expiring soon': the closest expiry lies within `months` months of now (already expired counts too). */
export function isExpiringSoon(closest: number | undefined, now: number, months: number): boolean {
  return closest !== undefined && closest <= dayjs(now).add(months, 'month').valueOf();
}
