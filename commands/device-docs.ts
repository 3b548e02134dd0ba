/**
 * Device-only documents (the `-local` database, never synced). Re-exported by ./docs.ts.
 */
import type { Millis } from './lib/dates';

/* Parked sales (commands/parked.ts): device-only documents of the `-local` database, never synced. */
/** One basket line as both the quick sale and the sale form can restore it. */
export type ParkedLine = {
  id: string;
  name: string;
  price: number;
  quantity: number;
  discount?: number;
  group?: string;
  variation?: Record<string, string>;
  /** The unit sold (issue 28): a pack unit's name, or the base unit's; absent on items without units. */
  unit?: string;
};

export type ParkedInput = {
  /** What the cashier calls it: a customer's name, a ticket number. */
  label: string;
  /** Which screen parked it (the form's extra fields ride along in `form`). */
  source: 'quick' | 'form';
  lines: ParkedLine[];
  /** `account_ref`: a managed customer's (the sale goes on their account when completed). */
  customer?: { name: string; phone_number?: string; account_ref?: string };
  amount_paid?: number;
  /** The price level in use when parked (a level id; absent: retail). */
  level?: string;
  /** The sale form's whole state (transport, VAT, discount...), restored as it was when resumed in the form. */
  form?: unknown;
};

export type ParkedSale = ParkedInput & { id: string; parked_at: Millis; parked_by: string; total: number };

/** The device-only document (in the `-local` database). */
export type ParkedSaleDoc = ParkedSale & { _id: string; _rev?: string; stores: 'parked-sale' };

/** Documents that stay on the device (the `-local` database) yet are read live. */
export type DeviceDoc = ParkedSaleDoc;
