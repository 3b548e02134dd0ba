/** Warehouses and transfers between them (document 000 sections 3 and 5). Balances key on the warehouse id. */
import type { WarehouseDoc } from './docs';
import type { Millis } from './lib/dates';
import type { Reads } from './reads';

/** The default location of every movement: 'store', shown as Main store. */
export const MAIN_STORE_NAME = 'Main store';

export type WarehouseTransferInput = {
  item: string;
  /** Warehouse ids ('store' is Main store). */
  from: string;
  to: string;
  quantity: number | string;
  details?: string;
  expiry_date?: Millis;
  /** The unit the quantity is in (a pack unit's name); empty: the base unit (issue 28). */
  unit?: string;
};

export type WarehouseCommands = {
  'warehouse-create': (input: { location: string }) => Promise<{ id: string }>;
  /** Main store first, then the warehouses by name. */
  'warehouse-list': (input: Record<string, never>) => Promise<Pick<WarehouseDoc, '_id' | 'location'>[]>;
  'warehouse-transfer': (input: WarehouseTransferInput) => Promise<{ id: string }>;
};

/** What each read depends on (see commands/reads.ts). */
export const WAREHOUSE_READS = {
  'warehouse-list': ['warehouse'],
} as const satisfies Reads<WarehouseCommands>;
