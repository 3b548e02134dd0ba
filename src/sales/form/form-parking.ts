/** The sale form's state in and out of a parked sale (see commands/parked.ts). */
import type { ConfigValues } from '../../../commands/config';
import type { ParkedInput, ParkedSale } from '../../../commands/parked';
import { emptyRow, initialState, type SaleFormState } from './sale-form-state';

/** The lines any screen can restore, plus the whole form state so the form gets back VAT, transport and the rest. */
export function parkInputOfForm(state: SaleFormState, label: string): ParkedInput {
  const rows = state.rows.filter((r) => r.id && r.name);
  return {
    label,
    source: 'form',
    lines: rows.map((r) => ({ id: r.id, name: r.name, price: r.price, quantity: r.quantity, discount: r.discount || undefined, group: r.group, variation: r.variation, ...(r.unit ? { unit: r.unit } : {}) })),
    customer: { name: state.customer.name, phone_number: state.customer.phone_number || undefined },
    amount_paid: state.amount_paid || undefined,
    level: state.level || undefined,
    form: { ...state, rows },
  };
}

/** True when the form holds a basket worth keeping (a named line). */
export function hasBasket(state: SaleFormState): boolean {
  return state.rows.some((r) => r.id && r.name);
}

/**
 * A parked sale back in the form: the form's own state when the form parked it (rows get fresh keys, so they
 * never clash with rows added later), else the quick sale's lines on a walk-in form.
 */
export function stateOfParked(p: ParkedSale, cfg: ConfigValues): SaleFormState {
  const saved = p.source === 'form' && p.form ? (p.form as SaleFormState) : undefined;
  if (saved) return { ...saved, level: saved.level ?? '', rows: saved.rows.map((r) => ({ ...r, key: emptyRow().key })) };
  const base = initialState(cfg);
  return {
    ...base,
    customer: { ...base.customer, name: p.customer?.name ?? '', phone_number: p.customer?.phone_number ?? '' },
    rows: p.lines.map((l) => ({ ...emptyRow(), id: l.id, name: l.name, price: l.price, quantity: l.quantity, discount: l.discount ?? 0, group: l.group, variation: l.variation, unit: l.unit, fixed: true })),
    amount_paid: p.amount_paid ?? 0,
    level: p.level ?? '',
  };
}
