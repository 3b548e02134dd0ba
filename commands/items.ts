/**
 * Items, categories and variations, the item search index and the store screen's list (document 000
 * sections 2-5). Warehouses, returns and issues have their own files beside this one.
 */
import type { CategoryDoc, ItemDoc, Ref, Variant } from './docs';
import type { Millis } from './lib/dates';
import type { ScaleReading } from './lib/scale-barcode';
import type { PackUnit } from './lib/unit-types';
import type { TablePage, TableQuery } from './table';
import { STOCK_TYPES, type Reads } from './reads';

/** The spec's error catalogue (document 000 section 8) for this area. */
export const STORE_MESSAGES = {
  itemCreate: (error: string) => ` ${error} Error creating a new item`,
  itemUpdate: 'Error occurred while updating item information',
  warehouseCreate: 'Error occurred while creating warehouse',
  transfer: 'Goods transfer failed',
  returns: 'Good returns not completed',
  damaged: 'Damaged goods entry not completed',
  variationCreate: 'Error occurred while creating variation',
  categoryCreate: 'Error occurred while creating category',
  warehouseLocation: 'You must set the warehouse location',
  categoryValue: 'You must set the category value',
  /** As spelled in the spec. */
  variationValue: 'You must set the variation location',
  emptyStore: 'You do not have any item in your store.',
} as const;

/** Largest stored image (a data URL, re-encoded by the form before it is sent). */
export const MAX_IMAGE_CHARS = 200_000;

export type ItemFields = {
  name: string;
  /** Selling price; money inputs parse to a number, an invalid entry becomes 0. */
  price: number | string;
  purchasePrice?: number | string;
  description?: string;
  /** A data URL (data:image/...). */
  image?: string;
  isRaw?: boolean;
  /** The category (product) this variant belongs to. */
  group?: Ref;
  /** Variation values keyed by the slug of each variation field text. */
  variation?: Record<string, string>;
  barcode?: string;
  /**
   * Reorder level over the stock of all warehouses: at or below it (and above zero) the item is low in stock.
   * Empty ('' or null) clears it; an item without a level is never low.
   */
  reorderLevel?: number | string | null;
  /** Reorder levels per warehouse id ('store' = Main store), compared with that warehouse's stock alone. */
  reorderLevels?: Record<string, number | string | null>;
  /** The base unit stock is counted in ('piece', 'kg'); empty: none named ('piece' when it has pack units). */
  unit?: string;
  /** Pack units (commands/lib/units.ts); prices may be the text typed. An empty list removes them. */
  units?: PackUnitInput[];
  /**
   * Price per base unit at each price level, by level id (commands/lib/price-levels.ts). Given, it replaces the
   * item's whole map; an empty entry ('' or null) means no price at that level (the sale falls back to retail).
   */
  levelPrices?: Record<string, number | string | null>;
};

/** A pack unit as the item form sends it: the price may still be the text typed. */
export type PackUnitInput = Omit<PackUnit, 'price' | 'factor' | 'levelPrices'> & {
  price: number | string;
  factor: number | string;
  /** Price per level of one pack, as typed; an empty entry: no price at that level (the pack's retail). */
  levelPrices?: Record<string, number | string | null>;
};

export type ItemCreateInput = ItemFields & {
  /** Starting stock; a stock document is written only when it is above 0. */
  quantity?: number | string;
  expiry_date?: Millis;
  /** Warehouse id of the starting stock; 'store' (Main store) by default. */
  warehouse?: string;
};

/** What an item selector shows for one item. */
export type ItemHit = {
  _id: string;
  name: string;
  price: number;
  purchasePrice: number;
  description?: string;
  barcode?: string;
  isRaw?: boolean;
  group?: Ref;
  variation?: Record<string, string>;
  image?: string;
  /** Stock balance over all warehouses (or the one asked for). */
  balance: number;
  reorderLevel?: number;
  reorderLevels?: Record<string, number>;
  /** Units of measure (commands/lib/units.ts): the base unit and the pack units. */
  unit?: string;
  units?: PackUnit[];
  /** Price per base unit at each price level, by level id (the quick sale prices lines without a round trip). */
  levelPrices?: Record<string, number>;
};

/** An item with its group's option lists and variants, for rows that choose variation values. */
export type ItemView = ItemHit & {
  variations: { name: string; key: string; options: string[] }[];
  variants: Variant[];
};

/**
 * What a scan adds: the item and the line's quantity and price. A plain barcode is one at the item's price; a
 * scale label (commands/lib/scale-barcode.ts) carries a weight (quantity in kg at the unit price) or a price
 * (quantity = price ÷ unit price to the gram, so stock goes down by what was weighed; when that does not come
 * back to the label's price exactly, e.g. the item's price changed since the label was printed, the line is one
 * at the label's price: the customer pays what the label says).
 */
export type ItemScan = { item: ItemView; quantity: number; price: number; scale?: ScaleReading; unit?: string; unit_factor?: number };
/** No item answers the scan: `code` is what a new item should carry (a scale label's item code, not the label). */
export type ItemScanMiss = { item: null; code: string };

export type StoreTab = 'store' | 'raw' | 'expiring' | 'out' | 'low';

/** One line of the reorder list: an item at or below its reorder level, and what to order. */
export type ReorderRow = {
  _id: string;
  name: string;
  group?: Ref;
  variation?: Record<string, string>;
  barcode?: string;
  balance: number;
  level: number;
  /** Enough to bring the stock back to twice its level (editable on the purchase form). */
  quantity: number;
  purchasePrice: number;
};

export type StoreRow = ItemHit & {
  closestExpiry?: Millis;
  stockValue: number;
  /** Expiring tab: quantity of the closest batch, its position among the batches, its date. */
  expiringQuantity?: number;
  iteration?: number;
  /** The reorder level that applies to this row's balance (the warehouse's when one is chosen). */
  level?: number;
};

export type StoreListInput = TableQuery & { tab?: StoreTab; warehouse?: string };

export type ImportRow = {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  name: string;
  price: number;
  purchasePrice: number;
  description: string;
  quantity: number;
  /** Becomes the item's id (barcode scanning is a lookup by id) when given. */
  barcode?: string;
  /** Units of measure (issue 28): the base unit, and pack units from a 'carton = 24 @ 4800 # code' cell. */
  unit?: string;
  units?: PackUnit[];
  /** From the columns named after price levels ('Wholesale' or 'Wholesale price'), by level id. */
  levelPrices?: Record<string, number>;
};
export type ImportRejection = { line: number; reason: string };

export type ItemsCommands = {
  'item-create': (input: ItemCreateInput) => Promise<{ id: string; stockId?: string }>;
  'item-update': (input: Partial<ItemFields> & { id: string }) => Promise<{ id: string }>;
  /** One item by id (or barcode) with its variants; null when there is none. */
  'item-get': (input: { id: string; warehouse?: string }) => Promise<ItemView | null>;
  /** The in-memory index: name, description, price, id and barcode; prefix and substring; one page. */
  /** A scanned code: an item by id or barcode, else a scale label's item by its code. */
  'item-scan': (input: { code: string; warehouse?: string }) => Promise<ItemScan | ItemScanMiss>;
  'item-search': (input: { query: string; limit?: number; offset?: number; raw?: boolean; warehouse?: string }) => Promise<{ rows: ItemHit[]; total: number }>;
  'category-create': (input: { value: string }) => Promise<{ id: string }>;
  'category-list': (input: Record<string, never>) => Promise<CategoryDoc[]>;
  'variation-create': (input: { type: string; value: string }) => Promise<{ id: string }>;
  /** Option lists: every variation type with its values. */
  'variation-list': (input: Record<string, never>) => Promise<{ type: string; values: string[] }[]>;
  /** The store screen: one page of items with balances, stock value and closest expiry; counts in summary. */
  'store-list': (input: StoreListInput) => Promise<TablePage<StoreRow>>;
  /**
   * Items at or below their reorder level (the item's level over all warehouses, or the warehouse's own level
   * when one is given), zero stock included: what to buy, for a purchase or a supplier's CSV.
   */
  'reorder-list': (input: { warehouse?: string }) => Promise<ReorderRow[]>;
  /** CSV import, step 1: parse and validate every row; nothing is written. */
  'item-import-check': (input: { csv: string }) => Promise<{ rows: ImportRow[]; rejected: ImportRejection[] }>;
  /** CSV import, step 2: write one chunk of checked rows; a failed document is rolled back with its stock. */
  'item-import-write': (input: { rows: ImportRow[] }) => Promise<{ added: number; rejected: ImportRejection[] }>;
};

export type { ItemDoc };

/** One import file at most (a shop's whole catalogue; larger files are split). */
export const MAX_IMPORT_ROWS = 50_000;
/** Rows per import write: one bulk write each, with a progress step between. */
export const IMPORT_CHUNK = 500;

/** What each read depends on (see commands/reads.ts). */
export const ITEMS_READS = {
  'item-get': STOCK_TYPES,
  'item-search': STOCK_TYPES,
  'item-scan': [...STOCK_TYPES, 'config'],
  'category-list': ['category'],
  'variation-list': ['variation'],
  'store-list': [...STOCK_TYPES, 'config'],
  'reorder-list': STOCK_TYPES,
} as const satisfies Reads<ItemsCommands>;
