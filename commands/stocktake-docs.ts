/**
 * Stocktake documents (main database, re-exported by ./docs.ts). A count is three kinds, each written once and
 * never changed, so devices counting offline never overwrite each other (no counter documents):
 * - `stocktake`: the start, with the warehouse, the optional category and the snapshot (the expected quantities
 *   at that moment, and the cost price then), id `stk-…`;
 * - `stocktake-count`: one count of one item on one device, with the quantity and what the counting device's
 *   ledger held for that item in that warehouse at that moment (`expected_then`), id `stkc-{stocktake id}-…`;
 * - `stocktake-post`: the posting, id `stkp-{stocktake id}` (so a count is posted once, even by two devices
 *   offline: the ids collide and one revision wins), with a line per counted item; it alone moves the ledger,
 *   by each line's difference (worker/ledger/postings.ts).
 */
import type { Millis } from './lib/dates';
import type { BaseDoc, Ref, UserStamp } from './base-doc';

export type StocktakeDoc = BaseDoc & {
  stores: 'stocktake';
  date: Millis;
  user: UserStamp;
  device: string;
  /** Warehouse id ('store' = Main store). */
  warehouse: string;
  warehouseName: string;
  category?: Ref;
  /** Item id → [expected quantity, cost price] at the start. */
  snapshot: Record<string, [number, number]>;
};

export type StocktakeCountDoc = BaseDoc & {
  stores: 'stocktake-count';
  stocktake: string;
  date: Millis;
  user: UserStamp;
  device: string;
  item: Ref;
  /** What was counted now (a negative count corrects an earlier one). */
  quantity: number;
  /** The item's balance in the warehouse on the counting device when it was counted. */
  expected_then: number;
};

export type StocktakePostLine = {
  id: string;
  name: string;
  /** Expected at the start (the snapshot). */
  start: number;
  /** Expected when last counted: the start plus every movement up to then. */
  expected: number;
  counted: number;
  /** counted − expected: what the posting moves. */
  difference: number;
  cost: number;
};

export type StocktakePostDoc = BaseDoc & {
  stores: 'stocktake-post';
  stocktake: string;
  date: Millis;
  user: UserStamp;
  warehouse: string;
  /** 'Stocktake of Main store, Drinks': how the audit log names it (the server's gate writes the entry). */
  label?: string;
  lines: StocktakePostLine[];
};

export const STOCKTAKE_PREFIX = 'stk-';
export const COUNT_PREFIX = 'stkc-';
export const POST_PREFIX = 'stkp-';
/** The most items one stocktake snapshots (its document stays well within the 1 MB a document may be). */
export const STOCKTAKE_MAX_ITEMS = 15000;

/** Characters a start or a posting may take: under the 1 MB the server takes in one document (server/couch/limits.ts). */
export const STOCKTAKE_MAX_CHARS = 1_000_000;

export const countPrefixOf = (stocktake: string) => `${COUNT_PREFIX}${stocktake}-`;
export const postIdOf = (stocktake: string) => `${POST_PREFIX}${stocktake}`;
