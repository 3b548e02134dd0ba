/** The basket: lines with minus and plus, quantity (F4), remove; customer (Alt+C); totals; amount paid (F9); Complete. */
import { useEffect, type MutableRefObject, type RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney, mulMoney, parseMoney, readAsZero, readAsZeroText, subMoney } from '../../../commands/lib/money';
import { describeLine, variantValues } from '../../../commands/purchases';
import { useConfig } from '../../config';
import type { QuickSale } from './quick-store';
import { lineLevelLabel } from '../../../commands/lib/price-levels';
import { QtyInput } from './QtyInput';
import { QuickCustomer } from './QuickCustomer';
import { backToSearch } from './keys';

type Props = {
  store: QuickSale;
  paidRef: RefObject<HTMLInputElement | null>;
  qtyRefs: MutableRefObject<(HTMLInputElement | null)[]>;
  customerRef: RefObject<HTMLDivElement | null>;
  onBack: () => void;
  /** Complete the sale (the screen decides what comes after). */
  onComplete: () => void;
};

export function Basket({ store, paidRef, qtyRefs, customerRef, onBack, onComplete }: Props) {
  useSignals();
  const cfg = useConfig();
  const money = (n: number) => formatMoney(n, cfg.currency);
  const lines = store.basket.value;
  const due = store.totals.value.total_due;
  // Change is what a sale gives back: with nothing in the basket there is none (issue 39: 'Change ₦800.00').
  const change = lines.length ? subMoney(store.paid.value, due) : 0;
  // Focus never falls to the page: a line removed with focus in it (its quantity, its − or × button) sends focus
  // back to the search, where every key of the quick sale works again.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) onBack();
  }, [lines, onBack]);
  const back = backToSearch(onBack);
  return (
    <div className="basket" data-testid="basket">
      <h2>Basket</h2>
      {!lines.length && <p className="muted">Nothing yet: type to find an item, Enter to add it.</p>}
      <ul className="basket-lines">
        {lines.map((l, i) => {
          const name = describeLine(l.name, l.variation);
          const values = variantValues(l.name, l.variation);
          return (
          <li key={`${l.id}@${l.fixed ? l.price : ''}@${l.unit ?? ''}`} className={i === store.selected.value ? 'basket-line selected' : 'basket-line'} aria-current={i === store.selected.value}>
            {/* The name has the line's whole width, two lines, then cut; the variant's values always show. */}
            <span className="basket-name" title={name}>
              <span className="basket-item">{l.name}</span>
              {values && <span className="basket-variant"> ({values})</span>}
              {/* The unit sold (issue 28): 'carton' for a scanned carton, the base unit for a typed piece. */}
              {l.unit && <span className="basket-unit" data-testid="basket-unit"> · {l.unit}</span>}
              {l.level && (
                <span data-testid="line-level" className={l.level.fallback ? 'line-level fallback' : 'line-level'}>
                  {lineLevelLabel(l.level)}
                </span>
              )}
            </span>
            <button type="button" className="btn btn-small" aria-label={`One less ${name}`} tabIndex={-1} onClick={() => store.setQuantity(i, l.quantity - 1)}>
              −
            </button>
            <QtyInput
              inputRef={(el) => {
                qtyRefs.current[i] = el;
              }}
              label={`Quantity of ${name}`}
              quantity={l.quantity}
              onFocus={() => (store.selected.value = i)}
              onQuantity={(q) => store.setQuantity(i, q)}
              onKeyDown={back}
            />
            <button type="button" className="btn btn-small" aria-label={`One more ${name}`} tabIndex={-1} onClick={() => store.setQuantity(i, l.quantity + 1)}>
              +
            </button>
            <span className="basket-total">{money(mulMoney(l.price, l.quantity))}</span>
            <button type="button" className="btn btn-small" aria-label={`Remove ${name}`} tabIndex={-1} onClick={() => store.remove(i)}>
              ×
            </button>
          </li>
          );
        })}
      </ul>
      <QuickCustomer store={store} boxRef={customerRef} onBack={onBack} />
      <dl className="basket-totals">
        {store.totals.value.vat > 0 && (
          <>
            <dt>{`VAT (${store.vat.value?.percentage}%, ${store.vat.value?.type})`}</dt>
            <dd data-testid="quick-vat">{money(store.totals.value.vat)}</dd>
          </>
        )}
        <dt>Total due</dt>
        <dd data-testid="total-due">{money(due)}</dd>
        <dt>
          <label htmlFor="quick-paid">Amount paid</label>
        </dt>
        <dd>
          <input
            id="quick-paid"
            ref={paidRef}
            inputMode="decimal"
            value={store.paidText.value}
            onChange={(e) => {
              store.paid.value = parseMoney(e.target.value);
              store.paidText.value = e.target.value;
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onComplete();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                onBack();
              }
            }}
          />
        </dd>
        {readAsZero(store.paidText.value) && (
          <dd className="basket-read-zero" role="status" data-testid="read-as-zero">
            {readAsZeroText(store.paidText.value)}
          </dd>
        )}
        <dt>Change</dt>
        <dd data-testid="change">{money(change > 0 ? change : 0)}</dd>
      </dl>
      <button type="button" className="btn btn-primary btn-wide" disabled={store.busy.value} onClick={() => onComplete()}>
        Complete sale (Ctrl+Enter)
      </button>
    </div>
  );
}
