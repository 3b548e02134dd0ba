/**
 * A customer's balance and what credit is left (issue 28), from the worker's ledger ('client-credit', a live
 * read: it follows every sale, payment and limit change). Shown on the sale form's customer card.
 */
import { formatMoney, subMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { useLive } from '../live';

export function CreditLine({ id }: { id: string | undefined }) {
  const cfg = useConfig();
  const q = useLive('client-credit', { id: id ?? '' }, { enabled: !!id });
  const c = id ? q.data : undefined;
  if (!c) return null;
  const money = (n: number) => formatMoney(n, cfg.currency);
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
    </p>
  );
}
