/**
 * Print, Payment, Edit and Delete on a sale invoice, and the pending-deletion banner with accept and reject
 * (document 000 section 4 'Sale deletion'). Which buttons show comes from the worker (sale-get).
 */
import { useEffect, useRef, useState } from 'react';
import { DELETE_TEXTS } from '../../../commands/lib/deletion';
import type { SaleView } from '../../../commands/sales';
import { dispatch } from '../../bus';
import { Link, navigate } from '../../router';
import { useReadOnly } from '../../session';
import { alertDialog, confirmDialog } from '../../ui/dialogs';
import { ErrorAlert } from '../../ui/fields';
import { PaymentDialog } from './PaymentDialog';

async function deleted(): Promise<void> {
  await alertDialog({ title: DELETE_TEXTS.deletedTitle, text: DELETE_TEXTS.deletedText, autoCloseMs: DELETE_TEXTS.deletedAutoCloseMs });
  navigate('/sales');
}

export function InvoiceActions({ view, onChanged }: { view: SaleView; onChanged: () => void }) {
  const readOnly = useReadOnly();
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);
  const printRef = useRef<HTMLButtonElement>(null);
  const id = view.sale._id;
  // Arriving from a sale, Enter prints: the cashier's hands stay on the keyboard.
  useEffect(() => printRef.current?.focus(), []);

  const remove = async () => {
    const yes = await confirmDialog({ title: DELETE_TEXTS.confirmTitle, text: DELETE_TEXTS.confirmText, confirmText: DELETE_TEXTS.confirmButton });
    if (!yes) return alertDialog({ title: DELETE_TEXTS.cancelledTitle, text: DELETE_TEXTS.cancelledText });
    const r = await dispatch('sale-delete', { id });
    if (!r.ok) return setError(r.error.message);
    if (r.value.outcome === 'deleted') return deleted();
    onChanged();
  };
  const review = async (answer: 'accept' | 'reject') => {
    if (answer === 'accept') {
      const yes = await confirmDialog({ title: DELETE_TEXTS.confirmTitle, text: DELETE_TEXTS.confirmText, confirmText: DELETE_TEXTS.confirmButton });
      if (!yes) return alertDialog({ title: DELETE_TEXTS.cancelledTitle, text: DELETE_TEXTS.cancelledText });
    }
    const r = await dispatch('sale-delete', { id, review: answer });
    if (!r.ok) return setError(r.error.message);
    if (r.value.outcome === 'deleted') return deleted();
    onChanged();
  };

  return (
    <div className="no-print">
      {view.sale.delete_pending && (
        <div className="alert alert-warning" role="alert" data-testid="pending-banner">
          {DELETE_TEXTS.pendingBanner}
          {view.canReview && (
            <span className="actions">
              <button type="button" className="btn btn-primary" onClick={() => void review('accept')}>
                Accept
              </button>
              <button type="button" className="btn" onClick={() => void review('reject')}>
                Reject
              </button>
            </span>
          )}
        </div>
      )}
      <ErrorAlert message={error} />
      <div className="actions">
        <button type="button" className="btn btn-primary" ref={printRef} onClick={() => window.print()}>
          Print
        </button>
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
      <PaymentDialog open={paying} id={id} due={view.sale.total_due} onClose={() => setPaying(false)} onPaid={onChanged} />
    </div>
  );
}
