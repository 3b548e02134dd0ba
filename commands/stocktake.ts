/**
 * Stocktake (/store/stocktake): count what is on the shelves of one warehouse (optionally one category) and post
 * the differences into the stock. Documents: ./stocktake-docs.ts.
 *
 * The arithmetic (worker/stocktake/variance.ts), per item:
 *   snapshot   the item's balance in the warehouse when the count started (on the starting device);
 *   expected   its balance when it was last counted: the snapshot plus every movement between the start and that
 *              count (each count records what its device's ledger held then, `expected_then`);
 *   counted    the sum of every count of the item, from every device (two people counting two shelves of the same
 *              item add up; a negative count corrects a mistake);
 *   difference counted − expected, and its value at cost (the item's purchase price at review).
 * Posting writes one `stocktake-post` document that moves each counted item by its difference, at the moment of
 * posting, so the balance becomes counted + whatever moved after the item was counted. Hence a sale while
 * counting is never a loss: sold before the item was counted, it is neither on the shelf nor in the expected;
 * sold after, it was on the shelf when counted and in the expected then, and the posting keeps it sold. Items not
 * counted are left as they are (not set to zero). When the parts of one item are counted at different times,
 * the item's expected is taken at its last count: a sale between two part-counts is judged at that later count.
 */
import type { Millis } from './lib/dates';
import type { Ref } from './base-doc';
import type { Reads } from './reads';
import { STOCK_TYPES } from './reads';
import type { TablePage, TableQuery } from './table';

export const STOCKTAKE_MESSAGES = {
  notFound: 'This stocktake could not be found',
  posted: 'This stocktake has been posted already',
  nothingCounted: 'Nothing has been counted yet',
  noItem: (code: string) => `No item matches ${code}`,
  badQuantity: 'The count must be a number',
  tooMany: (n: number) => `This warehouse holds more than ${n} items: count it one category at a time`,
  tooLarge: 'This stocktake is too large for one document: count the warehouse one category at a time',
  unknownWarehouse: 'Choose a warehouse',
  mayNotPost: 'Only managers and the owner post a stocktake',
  mayNotCount: 'Your role may not count stock',
  noneYet: 'No stocktake yet. Start one to count a warehouse.',
} as const;

export type StocktakeSummary = {
  _id: string;
  date: Millis;
  warehouse: string;
  warehouseName: string;
  category?: Ref;
  user: string;
  items: number;
  posted?: { date: Millis; user: string; lines: number; value: number };
};

export type StocktakeLine = {
  _id: string;
  name: string;
  /** Expected at the start. */
  start: number;
  /** Moved between the start and the item's last count (expected − start). */
  moved: number;
  /** undefined while the item is not counted. */
  expected?: number;
  counted?: number;
  difference?: number;
  cost: number;
  /** difference × cost. */
  value?: number;
  /** How many counts (documents) make up `counted`, and on how many devices. */
  counts: number;
  devices: number;
};

export type StocktakeView = 'all' | 'counted' | 'uncounted' | 'differences';

export type StocktakeLinesQuery = TableQuery & { id: string; view?: StocktakeView };

export type StocktakeTotals = { items: number; counted: number; differences: number; gain: number; loss: number; value: number };

export type StocktakeLinesPage = TablePage<StocktakeLine> & { stocktake: StocktakeSummary; totals: StocktakeTotals };

/** `quantity` in the item's base unit; `pack`: what was entered when a pack's barcode was counted (2 cartons). */
export type StocktakeCountResult = { item: Ref; quantity: number; counted: number; pack?: { unit: string; quantity: number } };

export type StocktakeCommands = {
  'stocktake-start': (input: { warehouse?: string; category?: string }) => Promise<{ id: string }>;
  'stocktake-list': (input: Record<string, never>) => Promise<StocktakeSummary[]>;
  /** The count sheet and the variance report: one page of lines, with the stocktake and its totals. */
  'stocktake-lines': (input: StocktakeLinesQuery) => Promise<StocktakeLinesPage>;
  /** One count of one item: `code` is a barcode, an item id or a name (the best match). */
  'stocktake-count': (input: { id: string; code: string; quantity?: number | string }) => Promise<StocktakeCountResult>;
  'stocktake-post': (input: { id: string }) => Promise<{ id: string; lines: number }>;
};

export const STOCKTAKE_READS = {
  'stocktake-list': ['stocktake', 'stocktake-post'],
  'stocktake-lines': ['stocktake', 'stocktake-count', 'stocktake-post', ...STOCK_TYPES],
} as const satisfies Reads<StocktakeCommands>;
