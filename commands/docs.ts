/**
 * Document shapes of the spec (document 000 section 3, document 001 section 3). Every record lives in the
 * business's main database and carries its kind in `stores`. Dates are milliseconds since the epoch; money
 * is a number in major units. Features may add optional fields here; nobody redeclares a shape elsewhere.
 */
import type { Millis } from './lib/dates';
import type { DeviceDoc } from './device-docs';
import type { SharedDoc } from './shared-docs';
import type { BaseDoc, Ref } from './base-doc';
import type { SmsDoc } from './sms-docs';
import type { ShiftCloseDoc, ShiftOpenDoc } from './shift-docs';
import type { PackUnit } from './lib/unit-types';
import type { CreditApprovalDoc, CreditApprovalStamp } from './credit-docs';
import type { BankDoc, CashAdjustmentDoc, ClientDoc, ExpenseDoc, PaymentDoc, StockTransferDoc } from './account-docs';
import type { AuditDoc } from './audit-docs';
import type { LineLevel } from './lib/price-level-types';
import type { StocktakeCountDoc, StocktakeDoc, StocktakePostDoc } from './stocktake-docs';

export type { ConfigDoc, CurrentPlanDoc, InvoiceHeaderDoc, InvoicePolicyDoc, SharedDoc, SmsCreditDoc, SmsPurchaseDoc, SmsUnitsDoc } from './shared-docs';
export type { BaseDoc, Ref, UserStamp } from './base-doc';
export type { SmsDoc, SmsStatus } from './sms-docs';
export type { ShiftCloseDoc, ShiftOpenDoc } from './shift-docs';
export type { CreditApprovalDoc } from './credit-docs';
export type { BankDoc, CashAdjustmentDoc, ClientDoc, ClientRef, ExpenseDoc, PaymentDoc, StockTransferDoc } from './account-docs';
export type { AuditAction, AuditChange, AuditDoc } from './audit-docs';
export type { StocktakeCountDoc, StocktakeDoc, StocktakePostDoc, StocktakePostLine } from './stocktake-docs';
export type { DeviceDoc, ParkedInput, ParkedLine, ParkedSale, ParkedSaleDoc } from './device-docs';

export type Variant = { _id: string; group: string; price: number; balance?: number; values: Record<string, string> };

export type ItemDoc = BaseDoc & {
  stores: 'item';
  name: string;
  price: number;
  purchasePrice: number;
  description?: string;
  image?: string;
  isRaw?: boolean;
  group?: { name: string; id: string };
  /** Variation values keyed by the slug of each variation field text. */
  variation?: Record<string, string>;
  variations?: { name: string; options: string[] }[];
  variants?: Variant[];
  barcode?: string;
  /** Reorder level over all warehouses (commands/lib/reorder.ts); absent = none. */
  reorderLevel?: number;
  /** Reorder levels per warehouse id ('store' = Main store). */
  reorderLevels?: Record<string, number>;
  /** Units of measure (commands/lib/units.ts): the base unit stock is kept in ('piece' when absent)… */
  unit?: string;
  /** …and the pack units, each a whole number of base units with its own price and barcode. */
  units?: PackUnit[];
  /** Price per base unit at each price level (config priceLevels), by level id; absent = retail at that level. */
  levelPrices?: Record<string, number>;
};

/**
 * The unit a line or movement was entered in (commands/lib/units.ts): its name and how many base units one of
 * it is. Absent: the base unit. The ledger moves quantity × unit_factor base units.
 */
export type UnitFields = { unit?: string; unit_factor?: number };

/** Starting stock: _id is the item id + '-i'. */
export type StockDoc = BaseDoc & {
  stores: 'stock';
  item: Ref;
  expiry_date?: Millis;
  quantity: number;
  price: number;
  to?: string;
  extra_notes: 'Starting stock';
};

export type CategoryDoc = BaseDoc & { stores: 'category'; value: string };
export type VariationDoc = BaseDoc & { stores: 'variation'; type: string; value: string };
export type WarehouseDoc = BaseDoc & { stores: 'warehouse'; location: string };

export type WarehouseTransferDoc = BaseDoc &
  UnitFields & {
  stores: 'warehouse-transfer';
  from: { location: string; value: string };
  to: { location: string; value: string };
  item: Ref & { variant?: string };
  quantity: number;
  details?: string;
  factor?: number;
  expiry_date?: Millis;
};

export type GoodReturnsDoc = BaseDoc &
  UnitFields & {
  stores: 'good-returns';
  client?: { name: string; account_ref?: string; kind?: 'customer' | 'supplier' };
  item: Ref & { rate: number; variant?: string };
  /** Positive for customer returns, negative for supplier returns. */
  quantity: number;
  /** Negative for customer returns, positive for supplier returns. */
  amount: number;
  details?: string;
  extra_notes?: string;
  to?: string;
};

export type DamagedGoodsDoc = BaseDoc &
  UnitFields & {
  stores: 'damaged-goods';
  item: Ref & { variant?: string };
  /** Stored negative. */
  quantity: number;
  details?: string;
  recipient?: string;
  to?: string;
};

/**
 * The one line type: an item on a sale, purchase or issue. The stored movement line (MovementLineDoc), the
 * lines a sale document carries and every form's line input (SaleLineInput, PurchaseLineInput,
 * IssueLineInput) are derived from it.
 */
export type LineItem = {
  /** Item document _id (a variant is its own item document). */
  id: string;
  name: string;
  quantity: number;
  price: number;
  discount?: number;
  group?: string;
  variation?: Record<string, string>;
  variant?: string;
  available?: number;
  expiry_date?: Millis;
  /** Date of the transaction the line belongs to. */
  date?: Millis;
  /** Sale lines: the cost of one of the line's unit when sold (profit columns of the sales list). */
  cost_price?: number;
  /** The unit the line is in (a pack unit's name, or the base unit's); absent on lines of items without units. */
  unit?: string;
  /** Base units in one of `unit` (a pack's factor, 24 for a carton of 24); absent or 1: the base unit. */
  unit_factor?: number;
  /** Sale lines: the price level that set `price` (commands/lib/price-levels.ts); absent = retail. */
  level?: LineLevel;
};

export type Transport = { total: number; paid: number; paidByCustomer?: boolean; advancePayer?: string; balancePayer?: string };

export type SaleDoc = BaseDoc & {
  stores: 'sale';
  invoice_number: string;
  customer: { with_account: boolean; name: string; phone_number?: string; address?: string; account_ref?: string; discount?: number; _id?: string };
  items: LineItem[];
  discount?: { percentage?: number; amount: number };
  vat?: { amount: number; percentage: number; type: 'inclusive' | 'exclusive'; withold: boolean };
  transport?: Transport;
  from?: string;
  waybill?: string;
  truck_number?: string;
  lpo?: string;
  bank?: { name: { ref: string; name: string }; amount: number };
  /** Never above total_due: what the sale counts as paid (cash account, customer balance). */
  amount_paid: number;
  /** Cash handed over, when above the total due; `change` is what went back (cash_received - total_due). */
  cash_received?: number;
  change?: number;
  total_due: number;
  total_quantity: number;
  summary: string;
  /** A manager approved taking the customer past their credit limit (commands/lib/credit-limit.ts). */
  credit_approval?: CreditApprovalStamp;
  /** The price level in use when the sale was made (absent: retail). Each line records what priced it. */
  level?: { id: string; name: string };
};

export type TransactionRef = { ref: string; client?: string; invoice?: string; summary?: string };

/** A movement line of a sale, purchase or issue. */
export type MovementLineDoc = BaseDoc &
  Omit<LineItem, 'date'> & {
    stores: 'sale_item' | 'purchase_item' | 'issue_item';
    /** Warehouse location the movement applies to ('store' = Main store). */
    to?: string;
    /** -1 on sale_item and issue_item; purchase_item has none (adds). */
    factor?: number;
    transaction: TransactionRef;
  };

/** A form's line before the worker checks it: quantity and price may still be the text typed. */
export type LineInputOf<Fields extends keyof LineItem> = Pick<LineItem, 'id' | 'name' | Fields> & {
  quantity: number | string;
  /** Empty or absent: the item's price for this kind of transaction. */
  price?: number | string;
};

export type PurchaseDoc = BaseDoc & {
  stores: 'purchase';
  supplier: { name: string; phone_number?: string; account_ref?: string; with_account?: boolean };
  items: LineItem[];
  to?: string;
  truck_number?: string;
  waybill?: string;
  transport?: Transport;
  amount_paid: number;
  total_due: number;
  total_quantity: number;
  invoice_number: string;
  customFields?: Record<string, string>;
  summary: string;
  /** Part of amount_paid paid from a bank account (the rest is cash), as on a sale. */
  bank?: { name: { ref: string; name: string }; amount: number };
};

export type IssueDoc = BaseDoc & {
  stores: 'issue';
  collector: { name: string; ref?: string };
  customFields?: Record<string, string>;
  from?: string;
  to?: string;
  items: LineItem[];
  details?: string;
  total_quantity: number;
  summary: string;
  invoice_number?: string;
  amount_paid: number;
  total_due: number;
  /** 'issue-out' subtracts stock, 'receive' (Production) adds it. */
  direction?: 'issue-out' | 'receive';
};

/** Kinds whose quantity × factor make up a stock balance (document 000 'Stock balance rules'). */
export const STOCK_MOVEMENT_KINDS = [
  'purchase_item',
  'issue_item',
  'sale_item',
  'stock',
  'good-returns',
  'damaged-goods',
  'warehouse-transfer',
  'stocktake-post',
] as const;

export const MAIN_STORE = 'store';

/** Every record of the business's main database, told apart by `stores`. */
export type MainDoc =
  | ItemDoc
  | StockDoc
  | CategoryDoc
  | VariationDoc
  | WarehouseDoc
  | WarehouseTransferDoc
  | GoodReturnsDoc
  | DamagedGoodsDoc
  | BankDoc
  | PaymentDoc
  | CashAdjustmentDoc
  | StockTransferDoc
  | ExpenseDoc
  | ClientDoc
  | SaleDoc
  | MovementLineDoc
  | PurchaseDoc
  | IssueDoc
  | SmsDoc
  | ShiftOpenDoc
  | ShiftCloseDoc
  | CreditApprovalDoc
  | AuditDoc
  | StocktakeDoc
  | StocktakeCountDoc
  | StocktakePostDoc;

/** A document kind: its `stores` value. `changed` events name these, and live reads declare which they read. */
export type DocType = (MainDoc | SharedDoc | DeviceDoc)['stores'];

/** Any document of the main, shared or device-only database. */
export type AnyDoc = MainDoc | SharedDoc | DeviceDoc;

/** The document type whose `stores` is `K` ('sale' → SaleDoc, 'sale_item' → MovementLineDoc, 'customer' → ClientDoc). */
export type DocOfKind<K extends DocType> = AnyDoc extends infer D ? (D extends { stores: infer S } ? (K extends S ? D : never) : never) : never;

/**
 * Narrows a document read from a database (or a changes feed) to the given kinds by its `stores` field: the
 * one place a stored document becomes a typed one, instead of a cast at every read.
 *
 *   if (isKind(doc, 'sale')) doc.invoice_number …        const item = asKind(row.doc, 'item');  // ItemDoc | undefined
 */
export function isKind<K extends DocType>(doc: unknown, ...kinds: K[]): doc is DocOfKind<K> {
  return !!doc && typeof doc === 'object' && kinds.includes((doc as { stores?: unknown }).stores as K);
}

/** The document as its kind, or undefined when it is missing or of another kind. */
export function asKind<K extends DocType>(doc: unknown, ...kinds: K[]): DocOfKind<K> | undefined {
  return isKind(doc, ...kinds) ? doc : undefined;
}
