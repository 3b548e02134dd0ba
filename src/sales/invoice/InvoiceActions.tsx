/**
 * Print, Payment, Edit and Delete on a sale invoice, and the pending-deletion banner with accept and reject
 * (document 000 section 4 'Sale deletion'). Which buttons show comes from the worker (sale-get).
 */
import { useEffect, useRef, useState } from 'react';
import type { SaleView } from '../../../commands/sales';
import { dispatch } from '../../bus';
import { useConfig } from '../../config';
import { Link } from '../../router';
import { useReadOnly } from '../../session';
import { runDeleteFlow } from '../../ui/delete-flow';
import { ErrorAlert } from '../../ui/fields';
import { PendingBanner } from '../../ui/PendingBanner';
import { SaleShare } from '../../share/SaleShare';
import { PaymentDialog } from './PaymentDialog';

export function InvoiceActions({ view, onChanged }: { view: SaleView; onChanged: () => void }) {
  const readOnly = useReadOnly();
  const cfg = useConfig();
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);
  const printRef = useRef<HTMLButtonElement>(null);
  const id = view.sale._id;
  // Arriving from a sale, Enter prints: the cashier's hands stay on the keyboard.
  useEffect(() => printRef.current?.focus(), []);

  // Deleting, and accepting a pending deletion ("confirming on a pending one removes it for real"), both go
  // through the shared flow; rejecting needs no confirmation.
  const flow = async (run: Parameters<typeof runDeleteFlow>[0]) => {
    const result = await runDeleteFlow(run, '/sales');
    if (result.outcome === 'error') setError(result.error.message);
    else if (result.outcome === 'marked') onChanged();
  };
  const remove = () => flow(() => dispatch('sale-delete', { id }));
  const accept = () => flow(() => dispatch('sale-delete', { id, review: 'accept' }));
  const reject = async () => {
    const r = await dispatch('sale-delete', { id, review: 'reject' });
    if (!r.ok) setError(r.error.message);
    else onChanged();
  };

  return (
    <div className="no-print">
      {view.sale.delete_pending && <PendingBanner canReview={view.canReview} onAccept={() => void accept()} onReject={() => void reject()} />}
      <ErrorAlert message={error} />
      <div className="actions">
        <button type="button" className="btn btn-primary" ref={printRef} onClick={() => window.print()}>
          Print
        </button>
        <SaleShare sale={view.sale} />
        {view.canPay && !readOnly && (
          <button type="button" className="btn" onClick={() => setPaying(true)}>
            Payment
          </button>
        )}
        {view.canEdit && !readOnly && (
          <Link className="btn" to={`/sales/invoice/${id}/edit`}>
            Edit
          </Link>
        )}
        {view.deleteMode !== 'deny' && !view.sale.delete_pending && !readOnly && (
          <button type="button" className="btn" onClick={() => void remove()}>
            Delete
          </button>
        )}
      </div>
      <PaymentDialog open={paying} id={id} due={view.sale.total_due} currency={cfg.currency} onClose={() => setPaying(false)} onPaid={onChanged} />
    </div>
  );
}
