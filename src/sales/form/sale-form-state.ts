/** The sale form's state, its totals (the same arithmetic and settings gating as the worker) and its input. */
import type { ConfigValues } from '../../../commands/config';
import type { SaleDoc, Variant } from '../../../commands/docs';
import type { Millis } from '../../../commands/lib/dates';
import { chargesFor, saleTotals } from '../../../commands/lib/sale-math';
import type { SaleInput } from '../../../commands/sales';
import { bankInput, NO_BANK, type BankChoice } from '../../banks/BankFields';
import type { UnitsOf } from '../../ui/UnitSelect';
import type { LineLevel } from '../../../commands/lib/price-levels';

export type SaleRow = {
  key: number;
  id: string;
  name: string;
  quantity: number;
  price: number;
  discount: number;
  group?: string;
  variation?: Record<string, string>;
  variations: { name: string; key: string; options: string[] }[];
  variants: Variant[];
  /** Stock of the item in base units. */
  available?: number;
  /** Units of measure (issue 28): the item's units, and the unit this row sells in (absent: base unit). */
  unitsOf?: UnitsOf;
  unit?: string;
  unit_factor?: number;
  /** Price levels: the retail price of the row's unit and the item's level prices, so the row reprices itself. */
  retail?: number;
  levelPrices?: Record<string, number>;
  /** The level that priced the row (shown under its price). */
  level?: LineLevel;
  /** A price typed by hand (or a scale label's, or a saved sale's): never repriced. */
  fixed?: boolean;
};

export type SaleFormState = {
  customer: SaleDoc['customer'];
  rows: SaleRow[];
  discountPct: number;
  discountAmount: number;
  vat: { percentage: number; type: 'inclusive' | 'exclusive'; withold: boolean };
  transport: { total: number; paid: number; advancePayer: string; balancePayer: string; paidByCustomer: boolean };
  from: string;
  waybill: string;
  truck_number: string;
  lpo: string;
  /** The part of amount_paid that went into a bank account (the rest is cash). */
  bank: BankChoice;
  amount_paid: number;
  invoice_number: string;
  date?: Millis;
  /** The price level in use (a level id; '' is retail). */
  level: string;
};

let rowKey = 0;

export function emptyRow(): SaleRow {
  return { key: ++rowKey, id: '', name: '', quantity: 1, price: 0, discount: 0, variations: [], variants: [] };
}

export function initialState(cfg: ConfigValues): SaleFormState {
  return {
    customer: { with_account: cfg.isManaged, name: '', phone_number: '' },
    rows: [emptyRow()],
    discountPct: 0,
    discountAmount: 0,
    vat: { percentage: cfg.vatPercentage, type: cfg.vatType, withold: false },
    transport: { total: 0, paid: 0, advancePayer: 'Business', balancePayer: 'Customer', paidByCustomer: false },
    from: 'store',
    waybill: '',
    truck_number: '',
    lpo: '',
    bank: NO_BANK,
    amount_paid: 0,
    invoice_number: '',
    level: '',
  };
}

/** An existing sale in the form (edit sale). */
export function stateOfSale(sale: SaleDoc, cfg: ConfigValues): SaleFormState {
  const base = initialState(cfg);
  return {
    ...base,
    customer: sale.customer,
    // A saved sale keeps the prices it was sold at (fixed); the level in use stays as recorded.
    rows: sale.items.map((l) => ({ ...emptyRow(), id: l.id, name: l.name, quantity: l.quantity, price: l.price, discount: l.discount ?? 0, group: l.group, variation: l.variation, unit: l.unit, unit_factor: l.unit_factor, level: l.level, fixed: true })),
    level: sale.level?.id ?? '',
    discountPct: sale.discount?.percentage ?? 0,
    discountAmount: sale.discount?.percentage ? 0 : (sale.discount?.amount ?? 0),
    vat: sale.vat ? { percentage: sale.vat.percentage, type: sale.vat.type, withold: sale.vat.withold } : base.vat,
    transport: { ...base.transport, ...(sale.transport ?? {}), advancePayer: sale.transport?.advancePayer ?? '', balancePayer: sale.transport?.balancePayer ?? '', paidByCustomer: !!sale.transport?.paidByCustomer },
    from: sale.from ?? 'store',
    waybill: sale.waybill ?? '',
    truck_number: sale.truck_number ?? '',
    lpo: sale.lpo ?? '',
    bank: sale.bank ? { ref: sale.bank.name.ref, name: sale.bank.name.name, amount: sale.bank.amount } : NO_BANK,
    amount_paid: sale.amount_paid,
    invoice_number: sale.invoice_number,
    date: sale.date,
  };
}

export function toInput(s: SaleFormState): SaleInput {
  return {
    customer: { ...s.customer, name: s.customer.name.trim(), phone_number: s.customer.phone_number?.trim() || undefined },
    items: s.rows.map((r) => ({ id: r.id, name: r.name, quantity: r.quantity, price: r.price, discount: r.discount || undefined, group: r.group, variation: r.variation, unit: r.unit })),
    discount: { percentage: s.discountPct, amount: s.discountAmount },
    vat: s.vat,
    transport: s.transport,
    from: s.from,
    waybill: s.waybill,
    truck_number: s.truck_number,
    lpo: s.lpo,
    bank: bankInput(s.bank),
    amount_paid: s.amount_paid,
    invoice_number: s.invoice_number,
    date: s.date,
    level: s.level || undefined,
  };
}

export function totalsOf(s: SaleFormState, cfg: ConfigValues) {
  const named = s.rows.filter((r) => r.name);
  return saleTotals(named, chargesFor(toInput(s), cfg));
}

/** What a row has left to sell in its own unit (issue 28: the row's stock is in base units). */
export function availableInUnit(row: Pick<SaleRow, 'available' | 'unit_factor'>): number {
  return row.available === undefined ? Number.POSITIVE_INFINITY : row.available / (row.unit_factor ?? 1);
}
