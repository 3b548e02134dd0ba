/**
 * /payment/invoice/{id} (document 001 'Payment receipt'): a printable receipt, as wide as the invoice-size
 * setting (default 105 mm). Print; Delete only when the delete-permission check passes for the payment's date
 * (the worker's payment-get answers which), through the shared delete flow, then /cashbook. A pending deletion
 * shows the banner, with Accept and Reject for a reviewer. An unknown id goes to /not-found.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import type { PaymentDoc } from '../../commands/docs';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link, notFound } from '../router';
import { invoiceWidth } from '../sales/invoice/page-size';
import { PageRule } from '../sales/invoice/PageRule';
import { InvoiceHeading } from '../sales/invoice/InvoiceHeading';
import type { ScreenProps } from '../screen';
import { useReadOnly, useSession } from '../session';
import { runDeleteFlow } from '../ui/delete-flow';
import { ErrorAlert } from '../ui/fields';
import { PendingBanner } from '../ui/PendingBanner';
import { PaymentShare } from '../share/PaymentShare';
import { statementPath } from './paths';

export const mediumText = (m: PaymentDoc['medium']) => (typeof m === 'object' ? m.name : m === 'cash' ? 'Cash' : m);

export function PaymentReceipt({ params }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const readOnly = useReadOnly();
  const q = useLive('payment-get', { id: params.id ?? '' });
  const header = useLive('invoice-header-get', {});
  const [error, setError] = useState('');
  const printRef = useRef<HTMLButtonElement>(null);
  const printed = useRef<HTMLElement>(null);
  // Print renders once both the payment and the invoice header are in: focus it then (the payment alone may
  // arrive first under load, before the button exists).
  const ready = !!q.data && !(header.loading && header.data === undefined);

  useEffect(() => {
    if (!q.loading && (q.data === null || q.error?.code === 'not-found')) notFound();
  }, [q.loading, q.data, q.error?.code]);
  useEffect(() => {
    if (ready) printRef.current?.focus();
  }, [ready]);

  if (!ready || !q.data) {
    return <section className="screen">{q.error ? <p role="alert">{q.error.message}</p> : <p>Loading…</p>}</section>;
  }
  const view = q.data;
  const p = view.payment;
  const money = (n: number) => formatMoney(n, cfg.currency);
  const id = p._id;

  type Run = Parameters<typeof runDeleteFlow>[0];
  const flow = async (run: Run) => {
    const result = await runDeleteFlow(run, '/cashbook');
    if (result.outcome === 'error') setError(result.error.message);
    else if (result.outcome === 'marked') q.refetch();
  };
  const reject = async () => {
    const r = await dispatch('payment-delete', { id, review: 'reject' });
    if (!r.ok) setError(r.error.message);
    else q.refetch();
  };
  const received = p.factor === -1;
  const clientLink = view.kind && p.client ? statementPath(view.kind, p.client.account_ref) : undefined;

  return (
    <section className="screen">
      <PageRule size={cfg.invoiceWidth} height={cfg.invoiceHeight} printed={printed} />
      <div className="no-print">
        {p.delete_pending && (
          <PendingBanner
            canReview={view.canReview}
            onAccept={() => void flow(() => dispatch('payment-delete', { id, review: 'accept' }))}
            onReject={() => void reject()}
          />
        )}
        <ErrorAlert message={error} />
        <div className="actions">
          <button type="button" className="btn btn-primary" ref={printRef} onClick={() => window.print()}>
            Print
          </button>
          <PaymentShare view={view} medium={mediumText(p.medium)} />
          {view.deleteMode !== 'deny' && !p.delete_pending && !readOnly && (
            <button type="button" className="btn" onClick={() => void flow(() => dispatch('payment-delete', { id }))}>
              Delete
            </button>
          )}
          {clientLink && (
            <Link className="btn" to={clientLink}>
              Statement
            </Link>
          )}
        </div>
      </div>
      <article className="invoice receipt" data-testid="receipt" ref={printed} style={{ width: invoiceWidth(cfg.invoiceWidth), minHeight: cfg.invoiceHeight || undefined }}>
        <InvoiceHeading header={header.data} business={user?.businessName ?? ''} />
        <h3>Payment receipt</h3>
        <table>
          <tbody>
            <tr>
              <th>Date</th>
              <td>{formatDate(p.date)}</td>
            </tr>
            <tr>
              <th>{received ? 'Received from' : 'Paid to'}</th>
              <td data-testid="receipt-client">{p.client?.name ?? ''}</td>
            </tr>
            {p.client?.phone_number && (
              <tr>
                <th>Phone number</th>
                <td>{p.client.phone_number}</td>
              </tr>
            )}
            <tr>
              <th>Amount</th>
              <td className="num" data-testid="receipt-amount">
                {money(p.amount)}
              </td>
            </tr>
            <tr>
              <th>Paid through</th>
              <td>{mediumText(p.medium)}</td>
            </tr>
            {p.teller_number && (
              <tr>
                <th>Teller number</th>
                <td>{p.teller_number}</td>
              </tr>
            )}
            {p.details && (
              <tr>
                <th>Details</th>
                <td>{p.details}</td>
              </tr>
            )}
            <tr>
              <th>Balance</th>
              <td className="num" data-testid="receipt-balance">
                {money(view.balance)}
              </td>
            </tr>
            {p.user?.fullname && (
              <tr>
                <th>{received ? 'Received by' : 'Paid by'}</th>
                <td>{p.user.fullname}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="invoice-footer">Ref {p._id}</p>
      </article>
    </section>
  );
}
