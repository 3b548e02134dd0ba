/**
 * The sale the quick sale has just made, while the cashier is on the next (issue 39, 'After a quick sale' =
 * Next sale): its number, total, paid and change, Ctrl+P for its receipt and a link to its invoice page. The
 * receipt to print is drawn here too, in the invoice type's layout, shown only on paper (.quick-print).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney, subMoney } from '../../../commands/lib/money';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { Link } from '../../router';
import { useSession } from '../../session';
import { InvoicePaper } from '../invoice/InvoicePaper';
import type { QuickSale } from './quick-store';
import { PRINT_KEY } from './keys';


export function LastSale({ store }: { store: QuickSale }) {
  useSignals();
  const cfg = useConfig();
  const last = store.lastSale.value;
  if (!last) return null;
  const money = (n: number) => formatMoney(n, cfg.currency);
  const due = last.total_due;
  const change = subMoney(last.paid, due);
  return (
    <>
      <div className="last-sale" role="status" data-testid="last-sale" data-sale-id={last.id}>
        <strong>Sale {last.invoice_number} saved</strong> · Total {money(due)} · Paid {money(last.paid)} · Change{' '}
        <span data-testid="last-change">{money(change > 0 ? change : 0)}</span> · <kbd>{PRINT_KEY[0]}</kbd> print the receipt ·{' '}
        <Link to={`/sales/invoice/${last.id}`}>Open the invoice</Link>
      </div>
      <LastSalePaper id={last.id} />
    </>
  );
}

/**
 * Prints the last sale's receipt with the browser: the page prints only the receipt while <html> carries
 * 'print-receipt' (src/sales/sales.css), so the quick sale itself never reaches the paper.
 */
export function printLastSale(): void {
  const root = document.documentElement;
  root.classList.add('print-receipt');
  try {
    window.print();
  } finally {
    root.classList.remove('print-receipt');
  }
}

/** The last sale on paper, for Ctrl+P (hidden on screen). */
function LastSalePaper({ id }: { id: string }) {
  const cfg = useConfig();
  const user = useSession();
  const q = useLive('sale-get', { id });
  const header = useLive('invoice-header-get', {});
  // Never the previous sale's paper while this one's answer is on its way: Ctrl+P must print this sale.
  if (q.data?.sale._id !== id || (header.loading && header.data === undefined)) return null;
  return (
    <div className="quick-print" data-testid="last-sale-print">
      <InvoicePaper view={q.data} cfg={cfg} business={user?.businessName ?? ''} header={header.data} />
    </div>
  );
}
