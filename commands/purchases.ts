/** Purchases (document 001 'Purchase form and edit purchase', sections 3-5; document 000 'Purchases list'). */
import type { DeleteDecision, DeleteInput, DeleteResult } from './lib/deletion';
import type { Millis } from './lib/dates';
import type { LineInputOf, MovementLineDoc, PurchaseDoc, Transport } from './docs';
import type { TablePage, TableQuery } from './table';
import type { Reads } from './reads';

/** A purchase line: price empty or absent means the item's purchasePrice; expiry_date kept only with trackExpiry. */
export type PurchaseLineInput = LineInputOf<'group' | 'variation' | 'expiry_date' | 'unit'>;

export type PurchaseInput = {
  supplier: { name: string; phone_number?: string; account_ref?: string };
  invoice_number: string;
  date?: Millis;
  /** Warehouse location; 'store' (Main store) when warehouses are off or none is chosen. */
  to?: string;
  truck_number?: string;
  waybill?: string;
  transport?: Transport;
  /** Keyed by the config customPurchaseFields texts; other keys are dropped. */
  customFields?: Record<string, string>;
  amount_paid: number | string;
  items: PurchaseLineInput[];
  /** The person answered 'Yes, accept debt!' to the 'Debt purchase alert!' (needed when paid < due). */
  acceptDebt?: boolean;
};

/** The spec's messages, in the order the checks run (document 001 section 5). */
export const PURCHASE_MESSAGES = {
  supplier: 'You must select the supplier you are buying from',
  items: 'You must add atleast one item to purchase',
  date: 'You must provide a purchase date',
  overpaid: 'The total paid cannot be morethan the total amount payable',
  invoice: 'Invoice number is required for proper purchase tracking',
  itemName: 'You must select item to be bought',
  saved: 'Purchase has been successfully saved',
  debtTitle: 'Debt purchase alert!',
  debtButton: 'Yes, accept debt!',
  debtDeclined: 'Please update amount paid for purchase',
  empty: 'You are yet to make any purchase.',
} as const;

/** The debt confirmation's body (the spec gives only title and button; this mirrors the issue form's text). */
export function purchaseDebtText(paid: string, due: string): string {
  return `Please confirm that you made a payment of ${paid} for this purchase. The total due was meant to be ${due}`;
}

/** A bought line as the list and the detail show it: 'T-shirt (Red, XL)'. */
export function describeLine(name: string, variation?: Record<string, string>): string {
  const values = variantValues(name, variation);
  return values ? `${name} (${values})` : name;
}

/** The variant's values a line's name does not already say ('Large, Red'), or ''. */
export function variantValues(name: string, variation?: Record<string, string>): string {
  return Object.values(variation ?? {})
    .filter((v) => v && !name.includes(v))
    .join(', ');
}

/** Milliseconds between the success banner and the redirect. */
export const PURCHASE_REDIRECT_MS = 100;

export type PurchaseDetail = {
  purchase: PurchaseDoc;
  lines: MovementLineDoc[];
  /** total_due - amount_paid: what the business still owes the supplier on this purchase. */
  balance: number;
  /** What a Delete by the acting user would do (the Delete button shows unless 'deny'). */
  deletion: DeleteDecision;
  /** The acting user may accept or reject a pending deletion. */
  canReview: boolean;
  /** The acting user may edit it (commands/rules/saved-edits.ts: the server refuses the same). */
  canEdit: boolean;
};

/** One row per purchased line (the list is 'Bought'). */
export type PurchaseRow = {
  key: string;
  sn: number;
  purchaseId: string;
  invoice_number: string;
  date: Millis;
  supplier: string;
  supplierRef?: string;
  phone_number: string;
  description: string;
  quantity: number;
  /** A line in a pack unit (issue 28): its quantity in base units, which the summary's items count. */
  base_quantity?: number;
  price: number;
  total: number;
  truck_number?: string;
  user?: string;
  pending?: boolean;
};

export type PurchaseListSummary = { items: number; total: number };

export type PurchasesCommands = {
  'purchase-create': (input: PurchaseInput) => Promise<{ id: string; invoice_number: string }>;
  /** null when the purchase is missing or deleted (the screen goes to /not-found). */
  'purchase-get': (input: { id: string }) => Promise<PurchaseDetail | null>;
  /** Same rules as create; the lines are replaced in one batch with the purchase. */
  'purchase-update': (input: PurchaseInput & { id: string }) => Promise<{ id: string; invoice_number: string }>;
  /** Under the delete policy, review and timeout; a reviewer's accept or reject of a pending one (DeleteInput). */
  'purchase-delete': (input: DeleteInput) => Promise<DeleteResult>;
  'purchases-list': (input: TableQuery) => Promise<TablePage<PurchaseRow> & { summary: PurchaseListSummary }>;
};

/** What each read depends on (see commands/reads.ts). */
export const PURCHASES_READS = {
  'purchase-get': ['purchase', 'purchase_item', 'config'],
  'purchases-list': ['purchase', 'purchase_item'],
} as const satisfies Reads<PurchasesCommands>;
