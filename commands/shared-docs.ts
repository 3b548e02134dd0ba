/**
 * The documents of a business's shared database (settings, numbering, plan, SMS credits; some written only by
 * the server). Re-exported by ./docs.ts, the one place callers import document shapes from.
 */
import type { Millis } from './lib/dates';

/**
 * SMS units credited to a business (shared database), written only by the server: the initial 10 units of a
 * new business, each verified purchase with its bonus, and the opening balance of a business that had the
 * old 'sms-units' counter. Append-only: the balance is the credits minus the units of the messages.
 */
export type SmsCreditDoc = {
  _id: string;
  _rev?: string;
  stores: 'sms-credit';
  units: number;
  reason: 'initial' | 'purchase' | 'opening';
  /** The payment reference of a purchase. */
  reference?: string;
  date: Millis;
};

export type ConfigDoc = { _id: string; _rev?: string; stores: 'config'; key: string; value: unknown };
export type CurrentPlanDoc = { _id: 'current-plan'; _rev?: string; stores: 'current-plan'; name: string; from: Millis; for: number };
export type InvoicePolicyDoc = { _id: string; _rev?: string; stores: 'invoice-policy'; prefix: string; counter: number };
export type InvoiceHeaderDoc = {
  _id: 'invoice-header';
  _rev?: string;
  stores: 'invoice-header';
  content?: string;
  img?: boolean;
  header?: string;
  footer?: string;
  size?: { width: string; height: string };
};


/** The old shared SMS unit counter; replaced by SmsCreditDoc (the server turns it into an opening credit). */
export type SmsUnitsDoc = { _id: 'sms-units'; _rev?: string; stores: 'sms-units'; balance: number };
/** A verified SMS purchase, written by the server into the shared database. */
export type SmsPurchaseDoc = {
  _id: string;
  _rev?: string;
  stores: 'sms-purchase';
  reference: string;
  unit_cost: number;
  quantity: number;
  total: number;
  bonus: number;
  factor: 1;
  date: Millis;
};


/** Every document of the business's shared database (settings, numbering, plan, SMS units; some server-written). */
export type SharedDoc = ConfigDoc | CurrentPlanDoc | InvoicePolicyDoc | InvoiceHeaderDoc | SmsUnitsDoc | SmsPurchaseDoc | SmsCreditDoc;
