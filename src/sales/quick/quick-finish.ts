/**
 * The end of a quick sale (./quick-store.ts): Complete saves the basket (through submitSale, so the debt and
 * credit questions are the sale form's), prints it on this till's receipt printer when it has one, tells the
 * customer display, and then, with 'After a quick sale' on Next sale, starts a fresh basket with the sale just
 * made kept as `lastSale`; on the invoice, the screen has gone and the next visit starts afresh (`sold`).
 */
import { batch, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { SaleCharges } from '../../../commands/lib/sale-math';
import { submitSale } from '../submit-sale';
import { printAfterSale } from '../../printer/after-sale';
import { publishSaved } from '../../display/till-feed';
import { saleItemOf, type BasketLine } from './basket-line';
import { WALK_IN, type BasketSignals } from './quick-park';

/** A sale the quick sale has just made: its id and number, and the lines, amount paid and total due (VAT in) it was made with. */
export type LastSale = { id: string; invoice_number: string; lines: BasketLine[]; paid: number; total_due: number };

type State = Omit<BasketSignals, 'levels'> & {
  busy: Signal<boolean>;
  vat: Signal<SaleCharges['vat']>;
  totals: ReadonlySignal<{ total_due: number }>;
  after: Signal<'next' | 'invoice'>;
  lastSale: Signal<LastSale | null>;
};

export function finishing({ basket, selected, paid, paidText, customer, phone, account, level, error, busy, vat, totals, after, lastSale }: State) {
  /** This basket was sold and the screen went to the invoice: the next visit starts a fresh one (./held-store.ts). */
  let completed = false;

  async function complete(): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    error.value = '';
    try {
      const stay = after.value === 'next';
      const sold = { lines: basket.value, paid: paid.value, total_due: totals.value.total_due };
      const result = await submitSale({
        customer: account.value
          ? { with_account: true, account_ref: account.value, name: customer.value, phone_number: phone.value.trim() || undefined }
          : { with_account: false, name: customer.value.trim(), phone_number: phone.value.trim() || undefined },
        items: basket.value.map(saleItemOf),
        level: level.value || undefined,
        amount_paid: paid.value,
        vat: vat.value,
      }, undefined, { stay });
      if (result.error) error.value = result.error.message;
      // One-key printing: the receipt goes to this device's printer, if it has one (src/printer/).
      if (result.saved) void printAfterSale(result.saved.id);
      // The customer display keeps this sale's total, paid and change up (src/display/).
      if (result.saved) publishSaved(result.saved.invoice_number);
      // 'Next sale': a fresh basket at once, the sale just made kept beside it; else the screen has gone to the
      // invoice (or the sales list) and its next visit starts afresh.
      if (result.saved && stay) {
        const saved = result.saved;
        batch(() => {
          clear();
          lastSale.value = { id: saved.id, invoice_number: saved.invoice_number, ...sold };
        });
      } else if (result.saved) completed = true;
      return !!result.saved;
    } finally {
      busy.value = false;
    }
  }

  /** A fresh basket (after parking this one). */
  function clear(): void {
    batch(() => {
      basket.value = [];
      selected.value = -1;
      paid.value = 0;
      paidText.value = '';
      customer.value = WALK_IN;
      phone.value = '';
      account.value = '';
      error.value = '';
      level.value = '';
    });
  }

  return { complete, clear, sold: () => completed };
}
