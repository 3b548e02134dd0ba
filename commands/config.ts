/**
 * Every configuration switch of the spec (document 000 section 1, document 001 section 9) with its default.
 * Stored in the shared database as one document per key: { _id: 'config-' + key, stores: 'config', value }.
 * This file is the one place a switch is declared; the settings screen and every feature read it from here.
 */
import type { Reads } from './reads';
import { CREDIT_MODES, type CreditMode } from './lib/credit-modes';
import type { PriceLevel } from './lib/price-level-types';

export const CURRENCIES = ['₦', '¥', '£', '₹', '$'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Who may delete a transaction (document 000 section 6). */
export type DeletePolicy = 'all' | 'creator' | 'preferred' | 'managers' | 'admin' | 'none';
/** Who deletes directly; everyone else only marks delete_pending. */
export type ReviewDelete = 'admin' | 'managers' | 'none';
/** Role groups of the summary and profit visibility settings. */
export type Visibility = 'everyone' | 'accountants' | 'managers' | 'admin' | 'nobody';
export type Placement = 'none' | 'sales' | 'purchases' | 'both';
export type Edition = 'Classic' | 'Lite' | 'Basic';
export type ScaleValue = 'price' | 'price2' | 'weight';
export type PaperSize = '105mm' | '58mm' | '80mm' | 'A5' | 'A4';

export type ConfigValues = {
  sync: boolean;
  accumulate: boolean;
  swapDebitCredit: boolean;
  colorCode: boolean;
  barcode: boolean;
  lpo: boolean;
  useWarehouse: boolean;
  useShowroom: boolean;
  useDescription: boolean;
  truckNumber: Placement;
  waybill: Placement;
  trackTransport: boolean;
  useVariation: boolean;
  /** Variation field texts (e.g. ['Size', 'Colour']); item values are keyed by the slug of each. */
  variationFields: string[];
  trackExpiry: boolean;
  /** Months: 1, 3 or 6. The spec spells the key this way. */
  expiryTreshold: 1 | 3 | 6;
  customerRequired: boolean;
  /** Default of the sale form's managed/unmanaged customer toggle. */
  isManaged: boolean;
  salesRedirect: boolean;
  purchaseRedirect: boolean;
  paymentRedirect: boolean;
  editableInvoice: boolean;
  separatePayment: boolean;
  showActor: boolean;
  useVat: boolean;
  vatPercentage: number;
  vatType: 'inclusive' | 'exclusive';
  percentageDiscount: boolean;
  amountDiscount: boolean;
  cumulativeDiscount: boolean;
  clientAddress: boolean;
  clientRemarks: boolean;
  /** Custom purchase field texts; purchase.customFields is keyed by these texts. */
  customPurchaseFields: string[];
  /** Custom issue field texts. */
  customIssueFields: string[];
  currency: Currency;
  deletePolicy: DeletePolicy;
  reviewDelete: ReviewDelete;
  /** Hours; 0 means no time limit. */
  deleteTimeout: number;
  summaryVisibility: Visibility;
  profitVisibility: Visibility;
  /** Who may open /reports (issue 30): managers and the admin by default. */
  reportsVisibility: Visibility;
  salesType: 'quick' | 'default';
  /**
   * Beyond the spec (issue 39): after a quick sale, 'next' stays on a fresh quick sale (the sale just made in a
   * strip, its receipt printed by Ctrl+P, or by the till's receipt printer by itself); 'invoice' does what
   * salesRedirect says for every sale (the invoice, or the sales list).
   */
  quickSaleAfter: 'next' | 'invoice';
  invoiceType: 1 | 2;
  invoiceWidth: PaperSize;
  /** Optional height, e.g. '278mm'; empty means automatic. */
  invoiceHeight: string;
  edition: Edition;
  smsOnSale: boolean;
  smsOnUnmanagedSale: boolean;
  smsOnPayment: boolean;
  smsOnAdjustment: boolean;
  smsOnTransfer: boolean;
  smsOnReturn: boolean;
  /** At most SMS_SENDER_MAX (11) characters; refused beyond, never cut. Empty: the business name is used. */
  smsSender: string;
  smsSaleTemplate: string;
  smsPaymentTemplate: string;
  smsSupplierPaymentTemplate: string;
  smsAdjustmentTemplate: string;
  /** Sent to both customers of a stock transfer, each with their own amount and balance. */
  smsTransferTemplate: string;
  /** Beyond the spec: expense categories; the owner may add to the list. */
  expenseCategories: string[];
  smsReturnTemplate: string;
  /** Beyond the spec: read weighing-scale EAN-13 labels (prefix, item code, price or weight) in sales. */
  scaleBarcode: boolean;
  /** One prefix ('21') or a range of same-length prefixes ('20-29'). */
  scalePrefix: string;
  /** Digits of the item code after the prefix (3 to 6). */
  scaleCodeLength: number;
  /** What the digits after the code carry: a price in whole units, a price with two decimals, or grams. */
  scaleValue: ScaleValue;
  /** Beyond the spec: the closing line of a receipt or statement shared by WhatsApp (src/share/). */
  shareThanks: string;
  /** Beyond the spec (issue 28): what happens when a customer would owe more than their credit limit. */
  creditLimitMode: CreditMode;
  /** Beyond the spec (issue 28): named price levels beside retail (commands/lib/price-levels.ts). */
  priceLevels: PriceLevel[];
};

export type ConfigKey = keyof ConfigValues;

export const CONFIG_DEFAULTS: Readonly<ConfigValues> = Object.freeze({
  sync: true,
  accumulate: false,
  swapDebitCredit: false,
  colorCode: false,
  barcode: false,
  lpo: false,
  useWarehouse: false,
  useShowroom: false,
  useDescription: false,
  truckNumber: 'none',
  waybill: 'none',
  trackTransport: false,
  useVariation: false,
  variationFields: [],
  trackExpiry: false,
  expiryTreshold: 3,
  customerRequired: true,
  isManaged: true,
  salesRedirect: true,
  purchaseRedirect: false,
  paymentRedirect: true,
  editableInvoice: false,
  separatePayment: false,
  showActor: false,
  useVat: false,
  vatPercentage: 5,
  vatType: 'exclusive',
  percentageDiscount: false,
  amountDiscount: false,
  cumulativeDiscount: false,
  clientAddress: false,
  clientRemarks: false,
  customPurchaseFields: [],
  customIssueFields: [],
  currency: '₦',
  deletePolicy: 'none',
  reviewDelete: 'none',
  deleteTimeout: 0,
  summaryVisibility: 'everyone',
  profitVisibility: 'admin',
  reportsVisibility: 'managers',
  salesType: 'default',
  quickSaleAfter: 'next',
  invoiceType: 1,
  invoiceWidth: '105mm',
  invoiceHeight: '',
  edition: 'Classic',
  smsOnSale: false,
  smsOnUnmanagedSale: false,
  smsOnPayment: false,
  smsOnAdjustment: false,
  smsOnTransfer: false,
  smsOnReturn: false,
  smsSender: '',
  smsSaleTemplate: 'Thank you for buying :items. Total :total, paid :paid, balance :balance. Invoice :invoice on :date.',
  smsPaymentTemplate: 'Payment of :amount received on :date. Balance :balance.',
  // A supplier's own wording: the customer's 'received' reads backwards to someone the business paid.
  smsSupplierPaymentTemplate: 'Payment of :amount to you recorded on :date. Balance :balance.',
  smsAdjustmentTemplate: 'Your account was adjusted by :amount on :date. :details Balance :balance.',
  smsTransferTemplate: 'Stock transfer of :quantity :items (:amount) on :date. Balance :balance.',
  expenseCategories: ['Rent', 'Salaries', 'Transport', 'Utilities', 'Other'],
  smsReturnTemplate: 'Return of :quantity :name on :date received. Balance :balance.',
  scaleBarcode: false,
  scalePrefix: '20-29',
  scaleCodeLength: 5,
  scaleValue: 'price',
  shareThanks: 'Thank you for your patronage.',
  creditLimitMode: 'warn',
  priceLevels: [],
} satisfies ConfigValues);

/** Allowed values of the enumerated keys; other keys are checked by the type of their default. */
export const CONFIG_CHOICES: Partial<Record<ConfigKey, readonly unknown[]>> = {
  truckNumber: ['none', 'sales', 'purchases', 'both'],
  waybill: ['none', 'sales', 'purchases', 'both'],
  expiryTreshold: [1, 3, 6],
  vatType: ['inclusive', 'exclusive'],
  currency: CURRENCIES,
  deletePolicy: ['all', 'creator', 'preferred', 'managers', 'admin', 'none'],
  reviewDelete: ['admin', 'managers', 'none'],
  summaryVisibility: ['everyone', 'managers', 'admin', 'nobody'],
  profitVisibility: ['everyone', 'accountants', 'managers', 'admin', 'nobody'],
  reportsVisibility: ['everyone', 'accountants', 'managers', 'admin'],
  salesType: ['quick', 'default'],
  quickSaleAfter: ['next', 'invoice'],
  invoiceType: [1, 2],
  invoiceWidth: ['105mm', '58mm', '80mm', 'A5', 'A4'],
  edition: ['Classic', 'Lite', 'Basic'],
  scaleValue: ['price', 'price2', 'weight'],
  creditLimitMode: CREDIT_MODES,
};

export const CONFIG_DOC_PREFIX = 'config-';

/** Which role levels a visibility setting admits. */
export function visibleTo(v: Visibility, level: number): boolean {
  switch (v) {
    case 'everyone':
      return true;
    case 'accountants':
      return level <= 2;
    case 'managers':
      return level <= 1;
    case 'admin':
      return level === 0;
    case 'nobody':
      return false;
  }
}

export type ConfigCommands = {
  /** The whole configuration: stored values over the defaults. */
  'config-get': (input: Record<string, never>) => Promise<ConfigValues>;
  /** Sets some keys; each is validated first, nothing is written when any is invalid. */
  'config-set': (input: Partial<ConfigValues>) => Promise<ConfigValues>;
  /** The current plan (written by the server only); a business without one is on the default Trial. */
  'plan-get': (input: Record<string, never>) => Promise<CurrentPlan>;
};

/** Trial for 1 day by default (document 001 section 9); a paid plan lasts forever (section 4). */
/** `days` null: lasts forever. `from` null: no plan document yet (before the first sync). */
export type CurrentPlan = { name: string; from: number | null; days: number | null; trial: boolean };
export const TRIAL_PLAN_NAME = 'Trial';
export const TRIAL_DAYS = 1;

/** What each read depends on (see commands/reads.ts). */
export const CONFIG_READS = {
  'config-get': ['config'],
  'plan-get': ['current-plan'],
} as const satisfies Reads<ConfigCommands>;
