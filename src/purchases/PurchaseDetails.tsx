/** /purchases/invoice/{id}: the purchase detail with Print, Edit and Delete (document 001 'purchase detail'). */
import { formatDate } from '../../commands/lib/dates';
import { formatMoney, mulMoney } from '../../commands/lib/money';
import { describeLine } from '../../commands/purchases';
import { quantityText } from '../../commands/lib/units';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link, navigate } from '../router';
import type { ScreenProps } from '../screen';
import { session, useReadOnly } from '../session';
import { ErrorAlert } from '../ui/fields';
import { PendingBanner } from '../ui/PendingBanner';
import { useDeleteActions } from '../ui/useDeleteActions';

export function PurchaseDetails({ params }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const q = useLive('purchase-get', { id: params.id });
  const id = params.id;
  const actions = useDeleteActions({ command: 'purchase-delete', id, missing: !q.loading && (!!q.error || q.data === null), home: '/purchases' });
  const d = q.data;
  if (!d) return <section className="screen">{q.loading ? <p>Loading…</p> : null}</section>;
  const p = d.purchase;
  const money = (n: number) => formatMoney(n, cfg.currency);

  return (
    <section className="screen purchase-details" data-testid="purchase-details">
      <h1>Purchase {p.invoice_number}</h1>
      <ErrorAlert message={actions.error} />
      {p.delete_pending && (
        <PendingBanner canReview={d.canReview} onAccept={() => void actions.review(true)} onReject={() => void actions.review(false)} />
      )}
      <div className="screen-actions">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
        {d.canEdit && !readOnly && (
          <button type="button" className="btn" onClick={() => navigate(`/purchases/invoice/${p._id}/edit`)} disabled={p.delete_pending}>
            Edit
          </button>
        )}
        {d.deletion.action !== 'deny' && !readOnly && (
          <button type="button" className="btn" data-testid="delete" onClick={() => void actions.remove()}>
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
              <td className="num">{quantityText(line)}</td>
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
