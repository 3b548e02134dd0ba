/** /purchases/invoice/{id}: the purchase detail with Print, Edit and Delete (document 001 'purchase detail'). */
import { useEffect, useRef, useState } from 'react';
import { DELETE_TEXTS } from '../../commands/lib/deletion';
import { formatDate } from '../../commands/lib/dates';
import { formatMoney, mulMoney } from '../../commands/lib/money';
import { describeLine } from '../../commands/purchases';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link, navigate, notFound } from '../router';
import type { ScreenProps } from '../screen';
import { session, useReadOnly } from '../session';
import { runDeleteFlow } from '../ui/delete-flow';
import { ErrorAlert } from '../ui/fields';

export function PurchaseDetails({ params }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const q = useLive('purchase-get', { id: params.id });
  const [error, setError] = useState('');
  // While a delete runs, the purchase vanishing is expected: go to /purchases, not /not-found.
  const leaving = useRef(false);
  const missing = !q.loading && (!!q.error || q.data === null);
  useEffect(() => {
    if (missing && !leaving.current) notFound();
  }, [missing]);
  const d = q.data;
  if (!d) return <section className="screen">{q.loading ? <p>Loading…</p> : null}</section>;
  const p = d.purchase;
  const money = (n: number) => formatMoney(n, cfg.currency);

  const onDelete = async () => {
    setError('');
    leaving.current = true;
    const result = await runDeleteFlow(() => dispatch('purchase-delete', { id: p._id }));
    if (result.outcome === 'deleted') return navigate('/purchases');
    leaving.current = false;
    if (result.outcome === 'error') setError(result.error.message);
  };
  const review = async (accept: boolean) => {
    leaving.current = accept;
    const reply = await dispatch('purchase-delete-review', { id: p._id, accept });
    if (!reply.ok) {
      leaving.current = false;
      return setError(reply.error.message);
    }
    if (reply.value.outcome === 'deleted') navigate('/purchases');
  };

  return (
    <section className="screen purchase-details" data-testid="purchase-details">
      <h1>Purchase {p.invoice_number}</h1>
      <ErrorAlert message={error} />
      {p.delete_pending && (
        <div className="alert alert-warning" role="alert" data-testid="pending-banner">
          {DELETE_TEXTS.pendingBanner}
          {d.canReview && (
            <span className="no-print">
              {' '}
              <button type="button" className="btn" onClick={() => void review(true)}>
                Accept
              </button>{' '}
              <button type="button" className="btn" onClick={() => void review(false)}>
                Reject
              </button>
            </span>
          )}
        </div>
      )}
      <div className="screen-actions">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
        {!readOnly && (
          <button type="button" className="btn" onClick={() => navigate(`/purchases/invoice/${p._id}/edit`)} disabled={p.delete_pending}>
            Edit
          </button>
        )}
        {d.deletion.action !== 'deny' && !readOnly && (
          <button type="button" className="btn" data-testid="delete" onClick={() => void onDelete()}>
            Delete
          </button>
        )}
      </div>
      <dl>
        {session.value?.businessName && (
          <>
            <dt>Branch</dt>
            <dd>{session.value.businessName}</dd>
          </>
        )}
        <dt>Supplier</dt>
        <dd data-testid="supplier">{p.supplier.account_ref ? <Link to={`/supplier/${p.supplier.account_ref}`}>{p.supplier.name}</Link> : p.supplier.name}</dd>
        <dt>Phone number</dt>
        <dd>{p.supplier.phone_number ?? ''}</dd>
        {p.truck_number && (
          <>
            <dt>Truck number</dt>
            <dd>{p.truck_number}</dd>
          </>
        )}
        {p.waybill && (
          <>
            <dt>Waybill</dt>
            <dd>{p.waybill}</dd>
          </>
        )}
        <dt>Invoice number</dt>
        <dd data-testid="invoice-number">{p.invoice_number}</dd>
        {Object.entries(p.customFields ?? {}).map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <dt>Date</dt>
        <dd>{formatDate(p.date)}</dd>
      </dl>
      <table data-testid="purchase-items">
        <thead>
          <tr>
            <th>S/N</th>
            <th>Description</th>
            {cfg.trackExpiry && <th>Expiry date</th>}
            <th className="num">Quantity</th>
            <th className="num">Unit Price</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {p.items.map((line, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{describeLine(line.name, line.variation)}</td>
              {cfg.trackExpiry && <td>{formatDate(line.expiry_date)}</td>}
              <td className="num">{line.quantity}</td>
              <td className="num">{money(line.price)}</td>
              <td className="num">{money(mulMoney(line.price, line.quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals" data-testid="purchase-totals">
        <dt>Total quantity</dt>
        <dd>{p.total_quantity}</dd>
        <dt>Total</dt>
        <dd data-testid="total-due">{money(p.total_due)}</dd>
        <dt>Amount paid</dt>
        <dd data-testid="amount-paid">{money(p.amount_paid)}</dd>
        <dt>Balance</dt>
        <dd data-testid="balance">{money(d.balance)}</dd>
      </dl>
    </section>
  );
}
