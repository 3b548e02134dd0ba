/**
 * The banner of a transaction marked for deleting (review of deletes, document 000 section 6), with Accept and
 * Reject for a user the review setting lets decide. Sale invoices and payment receipts show it alike.
 */
import { DELETE_TEXTS } from '../../commands/lib/deletion';

export function PendingBanner({ canReview, onAccept, onReject }: { canReview: boolean; onAccept: () => void; onReject: () => void }) {
  return (
    <div className="alert alert-warning" role="alert" data-testid="pending-banner">
      {DELETE_TEXTS.pendingBanner}
      {canReview && (
        <span className="actions">
          <button type="button" className="btn btn-primary" onClick={onAccept}>
            Accept
          </button>
          <button type="button" className="btn" onClick={onReject}>
            Reject
          </button>
        </span>
      )}
    </div>
  );
}
