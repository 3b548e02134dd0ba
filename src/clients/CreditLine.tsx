/**
 * A customer's balance and what credit is left (issue 28), from the worker's ledger ('client-credit', a live
 * read: it follows every sale, payment and limit change). Shown on the sale form's customer card (with what the
 * sale being typed would take the balance to, once that passes the limit) and the customer's statement.
 */
import { formatMoney, subMoney, sumMoney } from '../../commands/lib/money';
import { saleBalance, splitPayment } from '../../commands/lib/sale-math';
import { passesLimit } from '../../commands/lib/credit-limit';
import { useConfig } from '../config';
import { useLive } from '../live';

/** What a new sale adds to the customer's account (saleBalance: Total − the part of the payment it records), for the credit line. */
export const saleAdds = (t: { total_due: number }, paid: number) => saleBalance({ total_due: t.total_due, amount_paid: splitPayment(Math.max(0, paid), t.total_due).amount_paid });

/** `adding`: what the sale on the form adds to the account; when it takes the balance past the limit, the line says so. */
export function CreditLine({ id, adding }: { id: string | undefined; adding?: number }) {
  const cfg = useConfig();
  const q = useLive('client-credit', { id: id ?? '' }, { enabled: !!id });
  const c = id ? q.data : undefined;
  if (!c) return null;
  const money = (n: number) => formatMoney(n, cfg.currency);
  const after = adding && adding > 0 ? sumMoney([c.balance, adding]) : undefined;
  const past = c.limit !== undefined && after !== undefined && passesLimit(c.limit, c.balance, after);
  return (
    <p className={`credit-line ${c.over ? 'credit-over' : ''}`} data-testid="customer-credit" aria-live="polite">
      <span data-testid="customer-balance">Balance {money(c.balance)}</span>
      {c.limit !== undefined && (
        <>
          {' · '}
          <span data-testid="customer-credit-left">
            {c.over ? `Over the credit limit of ${money(c.limit)} by ${money(subMoney(c.balance, c.limit))}` : `Credit left ${money(c.left ?? 0)} of ${money(c.limit)}`}
          </span>
        </>
      )}
      {past && (
        <span className="credit-after" data-testid="customer-credit-after">
          {`This sale takes it to ${money(after!)}, ${money(subMoney(after!, c.limit!))} past the limit`}
        </span>
      )}
    </p>
  );
}
