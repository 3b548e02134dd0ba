/**
 * How long a name, description or note may be (issue 27, item 6). A 5,000-character item name was accepted and
 * the store printout became 36 landscape pages of one-letter columns. One table for every kind, checked by the
 * worker before it writes (worker/limits.ts through ./doc-limits.ts) and by the server's /db gate
 * (commands/rules/bounds.ts), with the same message.
 *
 * The limits: a name (item, customer, supplier, bank, warehouse, category, variation) is 120 characters, twice
 * the longest real product or company name seen on an invoice and still one or two lines in any table; a
 * description, note, address or detail is 500 (a paragraph); a code (barcode, invoice, account, teller,
 * waybill, truck and LPO numbers) is 60. A line of a sale, purchase or issue carries its item's name, which a
 * variant may lengthen with its values: 250.
 */
import { UserError } from '../errors';

export const MAX_NAME = 120;
export const MAX_NOTE = 500;
export const MAX_CODE = 60;
export const MAX_LINE_NAME = 250;

export type TextRule = { path: string; max: number; label: string };

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 'Item name must be at most 120 characters (this one has 5,000)'. */
export function textMessage(label: string, max: number, length?: number): string {
  return `${label} must be at most ${group(max)} characters${length === undefined ? '' : ` (this one has ${group(length)})`}`;
}

/** Why `value` is too long for the field, or undefined. Not a text is not this check's business. */
export function textProblem(value: unknown, max: number, label: string): string | undefined {
  return typeof value === 'string' && value.length > max ? textMessage(label, max, value.length) : undefined;
}

/** The text when within `max`; otherwise a UserError with the message. */
export function checkText(value: string, max: number, label: string): string {
  const problem = textProblem(value, max, label);
  if (problem) throw new UserError('too-long', problem);
  return value;
}

const name = (path: string, label: string): TextRule => ({ path, max: MAX_NAME, label });
const note = (path: string, label: string): TextRule => ({ path, max: MAX_NOTE, label });
const code = (path: string, label: string): TextRule => ({ path, max: MAX_CODE, label });

/** The name of every line of a transaction (`items.*.name`) or of a stored movement line (`name`). */
const lineName = (path: string): TextRule => ({ path, max: MAX_LINE_NAME, label: 'Item name' });

/** A unit's name on an item or a line (commands/lib/units.ts: MAX_UNIT_NAME, not imported to keep this a leaf). */
const unitName = (path: string): TextRule => ({ path, max: 30, label: 'Unit name' });

const TRANSACTION: TextRule[] = [
  lineName('items.*.name'),
  unitName('items.*.unit'),
  code('invoice_number', 'Invoice number'),
  code('waybill', 'Waybill'),
  code('truck_number', 'Truck number'),
  note('customFields.*', 'A custom field'),
  note('details', 'Details'),
];

/** The text fields of each kind (`stores`), by path as ./doc-limits.ts walks them. */
export const TEXT_LIMITS: Record<string, TextRule[]> = {
  item: [
    name('name', 'Item name'),
    note('description', 'Description'),
    code('barcode', 'Barcode'),
    name('group.name', 'Category'),
    name('variation.*', 'Variation value'),
    unitName('unit'),
    unitName('units.*.name'),
    code('units.*.barcode', 'Unit barcode'),
  ],
  stock: [lineName('item.name')],
  category: [name('value', 'Category')],
  variation: [name('type', 'Variation'), name('value', 'Variation value')],
  warehouse: [name('location', 'Warehouse name')],
  'warehouse-transfer': [note('details', 'Details'), unitName('unit')],
  'good-returns': [note('details', 'Details'), name('client.name', 'Name'), unitName('unit')],
  'damaged-goods': [note('details', 'Details'), name('recipient', 'Recipient'), unitName('unit')],
  bank: [name('name', 'Bank name'), name('account_name', 'Account name'), code('account_number', 'Account number')],
  payment: [note('details', 'Details'), code('teller_number', 'Teller number')],
  'cash-adjustment': [note('details', 'Details')],
  'stock-transfer': [note('details', 'Details')],
  expense: [note('description', 'Purpose'), name('category', 'Category')],
  customer: [name('name', 'Name'), note('address', 'Address'), note('remarks', 'Remarks')],
  supplier: [name('name', 'Name'), note('address', 'Address'), note('remarks', 'Remarks')],
  sale: [...TRANSACTION, name('customer.name', 'Customer name'), note('customer.address', 'Address'), code('lpo', 'LPO')],
  purchase: [...TRANSACTION, name('supplier.name', 'Supplier name')],
  issue: [...TRANSACTION, name('collector.name', 'Collector')],
  sale_item: [lineName('name'), unitName('unit')],
  purchase_item: [lineName('name'), unitName('unit')],
  issue_item: [lineName('name'), unitName('unit')],
};
