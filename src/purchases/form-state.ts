/** The purchase form's state, its totals (through money.ts) and its conversion to the command input. */
import type { Variant } from '../../commands/docs';
import type { Millis } from '../../commands/lib/dates';
import { mulMoney, sumMoney } from '../../commands/lib/money';
import type { PurchaseDetail, PurchaseInput } from '../../commands/purchases';
import type { VariationList } from '../../commands/lib/variants';
import type { UnitsOf } from '../ui/UnitSelect';

export type { VariationList };

export type RowState = {
  key: string;
  id: string;
  name: string;
  group?: string;
  variation?: Record<string, string>;
  variations: VariationList[];
  variants: Variant[];
  quantity: number;
  price: number;
  expiry_date?: Millis;
  available?: number;
  /** Units of measure (issue 28): the item's units, its cost per base unit, and the unit bought in. */
  unitsOf?: UnitsOf;
  cost?: number;
  unit?: string;
};

export type FormState = {
  supplier: { name: string; phone_number?: string; account_ref?: string };
  invoice_number: string;
  date?: Millis;
  to: string;
  truck_number: string;
  waybill: string;
  transport: { total: number; paid: number };
  customFields: Record<string, string>;
  amount_paid: number;
  items: RowState[];
};

let rowSeq = 0;
export function emptyRow(): RowState {
  rowSeq += 1;
  return { key: `row-${rowSeq}`, id: '', name: '', variations: [], variants: [], quantity: 1, price: 0 };
}

export function emptyForm(now: Millis): FormState {
  return {
    supplier: { name: '' },
    invoice_number: '',
    date: now,
    to: 'store',
    truck_number: '',
    waybill: '',
    transport: { total: 0, paid: 0 },
    customFields: {},
    amount_paid: 0,
    items: [emptyRow()],
  };
}

export function formFromPurchase(detail: PurchaseDetail): FormState {
  const p = detail.purchase;
  return {
    supplier: { name: p.supplier.name, phone_number: p.supplier.phone_number, account_ref: p.supplier.account_ref },
    invoice_number: p.invoice_number,
    date: p.date,
    to: p.to ?? 'store',
    truck_number: p.truck_number ?? '',
    waybill: p.waybill ?? '',
    transport: { total: p.transport?.total ?? 0, paid: p.transport?.paid ?? 0 },
    customFields: { ...(p.customFields ?? {}) },
    amount_paid: p.amount_paid,
    items: p.items.map((l) => ({ ...emptyRow(), id: l.id, name: l.name, group: l.group, variation: l.variation, quantity: l.quantity, price: l.price, expiry_date: l.expiry_date, unit: l.unit })),
  };
}

export function totalDue(form: FormState): number {
  return sumMoney(form.items.map((r) => mulMoney(r.price, r.quantity)));
}

export function totalQuantity(form: FormState): number {
  return sumMoney(form.items.map((r) => r.quantity));
}

export function toInput(form: FormState, acceptDebt: boolean): PurchaseInput {
  return {
    supplier: form.supplier,
    invoice_number: form.invoice_number,
    date: form.date,
    to: form.to,
    truck_number: form.truck_number,
    waybill: form.waybill,
    transport: form.transport.total || form.transport.paid ? form.transport : undefined,
    customFields: form.customFields,
    amount_paid: form.amount_paid,
    acceptDebt,
    items: form.items.map((r) => ({ id: r.id, name: r.name, quantity: r.quantity, price: r.price, group: r.group, variation: r.variation, expiry_date: r.expiry_date, unit: r.unit })),
  };
}
