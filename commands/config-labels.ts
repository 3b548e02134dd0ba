/**
 * What a person reads about each setting: its name, a one-line explanation of what it changes, the names of
 * its choices, and the group it sits in on /settings. A Record over every ConfigKey, so a new switch in
 * config.ts does not compile until it is explained here; the worker's refusals name settings by these labels.
 */
import type { ConfigKey, ConfigValues } from './config';

export type Choice = { value: string | number; label: string };

export type SettingText = {
  label: string;
  help: string;
  /** Names of the choices, in the order shown (enumerated keys only). */
  choices?: readonly Choice[];
  /** Shown only when this holds (the review setting only matters for some delete policies). */
  shownWhen?: (c: ConfigValues) => boolean;
};

const PLACEMENT: readonly Choice[] = [
  { value: 'none', label: 'None' },
  { value: 'sales', label: 'Sales' },
  { value: 'purchases', label: 'Purchases' },
  { value: 'both', label: 'Sales and purchases' },
];

const VISIBILITY: readonly Choice[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'accountants', label: 'Managers and accountants' },
  { value: 'managers', label: 'Managers' },
  { value: 'admin', label: 'Admin only' },
  { value: 'nobody', label: 'Nobody' },
];

export const SETTING_TEXTS: Record<ConfigKey, SettingText> = {
  // Sales
  customerRequired: { label: 'Customer required', help: 'A sale cannot be saved without a customer name.' },
  isManaged: { label: 'Managed customers by default', help: 'New sales start with a customer who has an account (off: name and phone only).' },
  salesRedirect: { label: 'Show invoice after sale', help: 'After a sale is saved, open its invoice (off: go back to the sales list).' },
  editableInvoice: { label: 'Editable invoices', help: 'Saved sales can be edited from their invoice.' },
  separatePayment: { label: 'Separate payment', help: 'A cashier takes payment apart from the sale: no debt question when selling.' },
  useVat: { label: 'VAT', help: 'The sale form has a VAT section.' },
  vatPercentage: { label: 'VAT percentage', help: 'The VAT rate a new sale starts with.' },
  vatType: {
    label: 'VAT type',
    help: 'Exclusive adds VAT to the total; inclusive takes it from the prices.',
    choices: [
      { value: 'exclusive', label: 'Exclusive' },
      { value: 'inclusive', label: 'Inclusive' },
    ],
  },
  percentageDiscount: { label: 'Percentage discount', help: 'Sales and customers take a discount in percent.' },
  amountDiscount: { label: 'Amount discount', help: 'Sales take a discount as an amount.' },
  cumulativeDiscount: { label: 'Cumulative discount', help: 'Line discounts and the sale discount add up.' },
  lpo: { label: 'LPO number', help: 'The sale form asks for a local purchase order number.' },
  barcode: { label: 'Barcode (premium)', help: 'Scanning a barcode adds the item to the sale.' },
  scaleBarcode: { label: 'Scale barcodes', help: 'Scanning the label of a weighing scale adds its item with the price or weight printed in the barcode.' },
  scalePrefix: {
    label: 'Scale barcode prefix',
    help: 'The first digits of scale labels: one prefix such as 21, or a range such as 20-29.',
    shownWhen: (c) => c.scaleBarcode,
  },
  scaleCodeLength: {
    label: 'Scale item code length',
    help: 'How many digits after the prefix are the item code (3 to 6); the item carries this code as its barcode.',
    shownWhen: (c) => c.scaleBarcode,
  },
  scaleValue: {
    label: 'Scale barcodes carry',
    help: 'What the digits between the item code and the check digit are.',
    choices: [
      { value: 'price', label: 'The price (whole units)' },
      { value: 'price2', label: 'The price (two decimals)' },
      { value: 'weight', label: 'The weight (grams)' },
    ],
    shownWhen: (c) => c.scaleBarcode,
  },
  priceLevels: {
    label: 'Price levels',
    help: 'Named prices beside retail (Wholesale, Distributor…): each item may have a price per level; a minimum quantity applies the level by itself from that many units. F3 switches the level in a sale.',
  },
  trackTransport: { label: 'Transport', help: 'Sales and purchases record transport costs; the Transportation menu appears.' },
  truckNumber: { label: 'Truck number', help: 'Where the truck number field appears.', choices: PLACEMENT },
  waybill: { label: 'Waybill', help: 'Where the waybill field appears.', choices: PLACEMENT },
  // Purchases
  purchaseRedirect: { label: 'Show purchase after saving', help: 'After a purchase is saved, open it (off: go back to the purchase list).' },
  customPurchaseFields: { label: 'Custom purchase fields', help: 'Extra fields every purchase asks for.' },
  // Store and stock
  useWarehouse: { label: 'Warehouses', help: 'Stock is kept per warehouse; sales and purchases choose one.' },
  useShowroom: { label: 'Showroom', help: 'The Showroom menu appears.' },
  useVariation: { label: 'Item variations', help: 'Items have variations (for example size and colour), each with its own price and stock.' },
  variationFields: { label: 'Variation fields', help: 'The names of the variations items can have.' },
  useDescription: { label: 'Item description', help: 'Items carry a description.' },
  colorCode: { label: 'Colour code', help: 'Stock levels are coloured in the store.' },
  trackExpiry: { label: 'Track expiry', help: 'Purchases record expiry dates; the store lists items about to expire.' },
  expiryTreshold: {
    label: 'Expiry warning',
    help: 'How early an item counts as about to expire.',
    choices: [
      { value: 1, label: '1 month' },
      { value: 3, label: '3 months' },
      { value: 6, label: '6 months' },
    ],
  },
  customIssueFields: { label: 'Custom issue fields', help: 'Extra fields every issue and receipt of items asks for.' },
  // Accounts and statements
  currency: {
    label: 'Currency',
    help: 'The symbol shown before every amount.',
    choices: [
      { value: '₦', label: '₦ Naira' },
      { value: '¥', label: '¥ Yen' },
      { value: '£', label: '£ Pound' },
      { value: '₹', label: '₹ Rupee' },
      { value: '$', label: '$ Dollar' },
    ],
  },
  accumulate: { label: 'Accumulate balances', help: 'Statements show every earlier entry instead of one opening balance.' },
  swapDebitCredit: { label: 'Swap debit and credit', help: 'Ledgers show the credit column before the debit column.' },
  paymentRedirect: { label: 'Show receipt after payment', help: 'After a payment is saved, open its receipt.' },
  showActor: { label: 'Show the acting user', help: 'Ledgers have a User column naming who recorded each entry.' },
  clientAddress: { label: 'Customer address', help: 'Customers and suppliers have an address.' },
  clientRemarks: { label: 'Customer remarks', help: 'Customers and suppliers have remarks.' },
  summaryVisibility: {
    label: 'Summaries visible to',
    help: 'Who sees the totals above lists.',
    choices: VISIBILITY.filter((c) => c.value !== 'accountants'),
  },
  profitVisibility: { label: 'Profits visible to', help: 'Who sees profit columns.', choices: VISIBILITY },
  reportsVisibility: {
    label: 'Reports open to',
    help: 'Who may open Reports (sales, profit and loss, VAT, stock value, debtors). Cost and profit figures follow Profits visible to.',
    choices: VISIBILITY.filter((c) => c.value !== 'nobody'),
  },
  expenseCategories: { label: 'Expense categories', help: 'The categories a new expense can be filed under.' },
  // Deletion
  deletePolicy: {
    label: 'Who may delete',
    help: 'Who may delete a transaction.',
    choices: [
      { value: 'all', label: 'Everybody' },
      { value: 'creator', label: 'Who added it' },
      { value: 'preferred', label: 'Accountants, managers and admin' },
      { value: 'managers', label: 'Managers and admin' },
      { value: 'admin', label: 'Only admin' },
      { value: 'none', label: 'Not allowed' },
    ],
  },
  reviewDelete: {
    label: 'Review deletes',
    help: 'Who deletes directly; anyone else only marks the record for deletion.',
    choices: [
      { value: 'admin', label: 'Admin only' },
      { value: 'managers', label: 'Managers and admin' },
      { value: 'none', label: 'None' },
    ],
    shownWhen: (c) => c.deletePolicy !== 'none' && c.deletePolicy !== 'admin',
  },
  deleteTimeout: { label: 'Delete within (hours)', help: 'A transaction can be deleted only while younger than this; 0 means no limit.' },
  // Printing
  invoiceType: {
    label: 'Invoice type',
    help: 'A basic receipt or a fuller invoice.',
    choices: [
      { value: 1, label: 'Basic (receipt)' },
      { value: 2, label: 'Sophisticated (invoice)' },
    ],
  },
  invoiceWidth: {
    label: 'Paper size',
    help: 'The paper receipts and invoices are printed on.',
    choices: [
      { value: '105mm', label: 'Default (105 mm wide)' },
      { value: '58mm', label: '58 mm roll' },
      { value: '80mm', label: '80 mm roll' },
      { value: 'A5', label: 'A5' },
      { value: 'A4', label: 'A4' },
    ],
  },
  invoiceHeight: { label: 'Paper height', help: 'A fixed page height such as 278mm; empty lets the page be as long as it needs.' },
  quickSaleAfter: {
    label: 'After a quick sale',
    help: "Next sale: a fresh quick sale at once, the sale just made shown with its change; Ctrl+P prints its receipt (the invoice type's layout), and a till with a receipt printer prints it by itself. Invoice: what 'Show invoice after sale' says.",
    choices: [
      { value: 'next', label: 'Next sale' },
      { value: 'invoice', label: 'Show the invoice (or the sales list)' },
    ],
  },
  salesType: {
    label: 'Sales type',
    help: 'Which sale screen alt+s opens.',
    choices: [
      { value: 'default', label: 'Sale form' },
      { value: 'quick', label: 'Quick sale' },
    ],
  },
  // SMS
  smsOnSale: { label: 'SMS after a sale', help: 'Customers with an account get a text after each sale.' },
  smsOnUnmanagedSale: { label: 'SMS after a walk-in sale', help: "Customers without an account get a text after each sale. A walk-in sale then needs the customer's phone number: without one the sale is not saved ('You must provide customer phone number for SMS to work')." },
  smsOnPayment: { label: 'SMS after a payment', help: 'Customers get a text when a payment is recorded.' },
  smsOnAdjustment: { label: 'SMS after a cash adjustment', help: 'Customers get a text when their cash is adjusted.' },
  smsOnTransfer: { label: 'SMS after a stock transfer', help: 'Both sides of a stock transfer get a text.' },
  smsOnReturn: { label: 'SMS after a return', help: 'Customers get a text when goods are returned.' },
  smsSender: { label: 'Sender ID', help: 'The name messages come from, at most 11 characters; empty uses the business name.' },
  smsSaleTemplate: { label: 'Sales message', help: 'The text sent after a sale.' },
  smsPaymentTemplate: { label: 'Payments message', help: 'The text sent to a customer after a payment.' },
  smsSupplierPaymentTemplate: { label: 'Supplier payments message', help: 'The text sent to a supplier after a payment to or from them.' },
  smsAdjustmentTemplate: { label: 'Cash adjustments message', help: 'The text sent after a cash adjustment.' },
  smsTransferTemplate: { label: 'Stock transfers message', help: 'The text sent after a stock transfer.' },
  smsReturnTemplate: { label: 'Returns message', help: 'The text sent after a return.' },
  shareThanks: { label: 'WhatsApp thank-you line', help: 'The last line of the text that Share on WhatsApp writes under an invoice, a payment receipt or a statement.' },
  // Accounts
  creditLimitMode: {
    label: 'Past a credit limit',
    help: "What happens when a sale, stock transfer or cash adjustment would take a customer past their credit limit. Approval: a manager (owner or level 1) signs in on the spot, and the statement shows who approved.",
    choices: [
      { value: 'warn', label: 'Warn' },
      { value: 'block', label: 'Block' },
      { value: 'approval', label: "Allow with a manager's approval" },
    ],
  },
  // Sync
  sync: { label: 'Data sync', help: 'This business syncs with the server; Users and Branch offices need it.' },
  edition: {
    label: 'Edition',
    help: 'Classic has users and branch offices; Lite has users; Basic has neither.',
    choices: [
      { value: 'Classic', label: 'Classic' },
      { value: 'Lite', label: 'Lite' },
      { value: 'Basic', label: 'Basic' },
    ],
  },
};

export type SettingGroup = { title: string; keys: readonly ConfigKey[] };

/** The groups of /settings in their order; every key sits in exactly one (tests/unit/config-rules.test.ts). */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    title: 'Sales',
    keys: ['customerRequired', 'isManaged', 'salesRedirect', 'editableInvoice', 'separatePayment', 'useVat', 'vatPercentage', 'vatType', 'percentageDiscount', 'amountDiscount', 'cumulativeDiscount', 'lpo', 'barcode', 'scaleBarcode', 'scalePrefix', 'scaleCodeLength', 'scaleValue', 'priceLevels', 'trackTransport', 'truckNumber', 'waybill'],
  },
  { title: 'Purchases', keys: ['purchaseRedirect', 'customPurchaseFields'] },
  { title: 'Store and stock', keys: ['useWarehouse', 'useShowroom', 'useVariation', 'variationFields', 'useDescription', 'colorCode', 'trackExpiry', 'expiryTreshold', 'customIssueFields'] },
  { title: 'Accounts and statements', keys: ['currency', 'accumulate', 'swapDebitCredit', 'paymentRedirect', 'showActor', 'clientAddress', 'clientRemarks', 'summaryVisibility', 'profitVisibility', 'reportsVisibility', 'expenseCategories', 'creditLimitMode'] },
  { title: 'Deletion', keys: ['deletePolicy', 'reviewDelete', 'deleteTimeout'] },
  { title: 'Printing', keys: ['invoiceType', 'invoiceWidth', 'invoiceHeight', 'salesType', 'quickSaleAfter'] },
  {
    title: 'SMS',
    keys: ['smsOnSale', 'smsOnUnmanagedSale', 'smsOnPayment', 'smsOnAdjustment', 'smsOnTransfer', 'smsOnReturn', 'smsSender', 'smsSaleTemplate', 'smsPaymentTemplate', 'smsSupplierPaymentTemplate', 'smsAdjustmentTemplate', 'smsTransferTemplate', 'smsReturnTemplate', 'shareThanks'],
  },
  { title: 'Sync', keys: ['sync', 'edition'] },
];
