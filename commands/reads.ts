/**
 * How a read command says what it reads. Each domain file exports, beside its command map, the document types
 * each of its read commands depends on:
 *
 *   export const SALES_READS = { 'sale-get': ['sale', 'sale_item', 'config'], … } as const satisfies Reads<SalesCommands>;
 *
 * commands/index.ts joins them into READS. The UI's useLive(name, input) runs the command again exactly when a
 * `changed` event names one of those types; `[]` means the answer never changes while the app runs.
 */
import type { DocType } from './docs';

export type Reads<Commands> = { readonly [K in keyof Commands]?: readonly DocType[] };

/** Every document kind that moves stock (the ledger's stock postings), plus the item itself. */
export const STOCK_TYPES = ['item', 'stock', 'sale_item', 'purchase_item', 'issue_item', 'good-returns', 'damaged-goods', 'warehouse-transfer', 'stocktake-post'] as const satisfies readonly DocType[];

/** Every document kind that moves money (the ledger's account postings). */
export const MONEY_TYPES = ['payment', 'cash-adjustment', 'sale', 'purchase', 'stock-transfer', 'good-returns', 'expense', 'issue'] as const satisfies readonly DocType[];
