/**
 * The reorder list: the items at or below their reorder level (out of stock included) for the warehouse the
 * store shows, read live from the worker ('reorder-list'), turned into a new purchase with its lines filled in
 * (/purchases/new?reorder=…) or into a CSV for a supplier.
 */
import { formatAmount } from '../../../commands/lib/money';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { navigate } from '../../router';
import { downloadCsv } from '../../table/csv';
import { Modal } from '../../ui/Modal';
import { describeLine } from '../../../commands/purchases';
import { REORDER_COLUMNS } from '../reorderColumns';

/** Where 'New purchase' goes: the purchase form reads the same list and fills its lines. */
export const reorderPurchasePath = (warehouse?: string) => `/purchases/new?reorder=${encodeURIComponent(warehouse || 'all')}`;

export function ReorderModal({ open, onClose, warehouse }: { open: boolean; onClose: () => void; warehouse?: string }) {
  const cfg = useConfig();
  const list = useLive('reorder-list', { warehouse }, { enabled: open });
  const rows = list.data ?? [];
  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
      <button type="button" className="btn" disabled={!rows.length} onClick={() => downloadCsv('reorder-list.csv', REORDER_COLUMNS, rows, cfg.currency)}>
        Download CSV
      </button>
      <button type="button" className="btn btn-primary" disabled={!rows.length} onClick={() => navigate(reorderPurchasePath(warehouse))}>
        New purchase
      </button>
    </>
  );
  return (
    <Modal open={open} onClose={onClose} title="Reorder list" footer={footer} testId="reorder-modal">
      {list.loading && !list.data ? <p>Loading…</p> : null}
      {list.data && !rows.length && <p>No item is at or below its reorder level.</p>}
      {rows.length > 0 && (
        <table className="plain-table" data-testid="reorder-table">
          <thead>
            <tr>
              {REORDER_COLUMNS.map((c) => (
                <th key={c.key}>{c.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r._id}>
                <td>{describeLine(r.name, r.variation)}</td>
                <td>{r.barcode ?? ''}</td>
                <td>{r.balance}</td>
                <td>{r.level}</td>
                <td>{r.quantity}</td>
                <td>{formatAmount(r.purchasePrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
