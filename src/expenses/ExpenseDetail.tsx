/**
 * /expenses/{id} (document 001 'Expenses'): date, amount, where it was paid from, category, details and who
 * logged it; Print; Delete only when the delete policy allows it (confirm, 'Deleted!', then /expenses), or the
 * pending banner with Accept and Reject for a reviewer. An unknown id goes to /not-found.
 */
import { formatDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { useLive } from '../live';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import { ErrorAlert } from '../ui/fields';
import { PendingBanner } from '../ui/PendingBanner';
import { useDeleteActions } from '../ui/useDeleteActions';

export function ExpenseDetail({ params, title }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const q = useLive('expense-get', { id: params.id });
  const id = params.id;
  const actions = useDeleteActions({ command: 'expense-delete', id, missing: !q.loading && (!!q.error || q.data === null), home: '/expenses' });
  const d = q.data;
  if (!d) return <section className="screen" aria-busy="true" />;
  const e = d.expense;

  return (
    <section className="screen expense-detail" data-testid="expense-detail">
      <h1>{title}</h1>
      <ErrorAlert message={actions.error} />
      {e.delete_pending && (
        <PendingBanner canReview={d.canReview && !readOnly} onAccept={() => void actions.review(true)} onReject={() => void actions.review(false)} />
      )}
      <div className="screen-actions no-print">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
        {d.deletion.action !== 'deny' && !e.delete_pending && !readOnly && (
          <button type="button" className="btn" data-testid="delete" onClick={() => void actions.remove()}>
            Delete
          </button>
        )}
      </div>
      <dl data-testid="expense-fields">
        <dt>Date</dt>
        <dd data-testid="expense-date">{formatDate(e.date)}</dd>
        <dt>Amount</dt>
        <dd data-testid="expense-amount">{formatMoney(e.amount, cfg.currency)}</dd>
        <dt>Paid from</dt>
        <dd data-testid="expense-source">{d.sourceName}</dd>
        {e.category && (
          <>
            <dt>Category</dt>
            <dd>{e.category}</dd>
          </>
        )}
        <dt>Details</dt>
        <dd data-testid="expense-details">{e.description}</dd>
        <dt>Logged by</dt>
        <dd data-testid="expense-user">{e.user?.fullname ?? ''}</dd>
      </dl>
    </section>
  );
}
