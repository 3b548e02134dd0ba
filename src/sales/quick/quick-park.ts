/**
 * Parking on the quick sale: what a parked basket stores (its lines, customer, amount paid and level), and a
 * parked basket brought back onto the quick sale's signals (./quick-store.ts).
 */
import { batch, type Signal } from '@preact/signals-react';
import type { ParkedInput, ParkedSale } from '../../../commands/parked';
import type { PriceLevel } from '../../../commands/lib/price-levels';
import { dispatch } from '../../bus';
import { parkedLine, saleItemOf, type BasketLine } from './basket-line';

/** The quick sale's customer unless one is named (re-exported by ./quick-store.ts). */
export const WALK_IN = 'Walk-in customer';

/** The quick sale's signals a basket is made of (./quick-store.ts holds them). */
export type BasketSignals = {
  basket: Signal<BasketLine[]>;
  selected: Signal<number>;
  paid: Signal<number>;
  paidText: Signal<string>;
  customer: Signal<string>;
  phone: Signal<string>;
  account: Signal<string>;
  level: Signal<string>;
  levels: Signal<readonly PriceLevel[]>;
  error: Signal<string>;
};

export function parking({ basket, selected, paid, paidText, customer, phone, account, level, levels, error }: BasketSignals) {
  /** What parking this basket stores (the lines, the customer and amount paid). */
  function parkInput(label: string): ParkedInput {
    return {
      label,
      source: 'quick',
      lines: basket.value.map(saleItemOf),
      customer: { name: customer.value, phone_number: phone.value || undefined, ...(account.value ? { account_ref: account.value } : {}) },
      amount_paid: paid.value || undefined,
      level: level.value || undefined,
    };
  }

  /**
   * A parked basket back on screen, each line with today's stock (it may have sold meanwhile): a line whose
   * item is gone or short keeps its quantity, and Complete refuses it with the usual message.
   */
  async function restore(p: ParkedSale): Promise<void> {
    const stock = await Promise.all(p.lines.map((l) => dispatch('item-get', { id: l.id })));
    batch(() => {
      basket.value = p.lines.map((l, i) => {
        const hit = stock[i];
        return parkedLine(l, (hit.ok && hit.value) || undefined);
      });
      selected.value = p.lines.length - 1;
      paid.value = p.amount_paid ?? 0;
      paidText.value = p.amount_paid ? String(p.amount_paid) : '';
      customer.value = p.customer?.name || WALK_IN;
      phone.value = p.customer?.phone_number ?? '';
      account.value = p.customer?.account_ref ?? '';
      level.value = p.level && levels.value.some((l) => l.id === p.level) ? p.level : '';
      error.value = '';
    });
  }

  return { parkInput, restore };
}
