/**
 * Import items from a CSV file (name, price, purchasePrice, description, quantity, barcode, unit, units). Every row is
 * checked first and nothing is written until the person confirms; then the rows go in chunks, one bulk
 * write each, with a progress bar, and a summary of rows added and rows rejected with the reason.
 */
import { useEffect, useState } from 'react';
import { IMPORT_CHUNK, type ImportRejection, type ImportRow } from '../../../commands/items';
import { dispatch } from '../../bus';
import { ErrorAlert } from '../../ui/fields';
import { Modal } from '../../ui/Modal';

type Stage = { kind: 'pick' } | { kind: 'checked'; rows: ImportRow[]; rejected: ImportRejection[] } | { kind: 'writing'; done: number; total: number } | { kind: 'done'; added: number; rejected: ImportRejection[] };

export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setStage({ kind: 'pick' });
      setError('');
    }
  }, [open]);

  const check = async (file: File) => {
    setError('');
    const r = await dispatch('item-import-check', { csv: await file.text() });
    if (!r.ok) return setError(r.error.message);
    setStage({ kind: 'checked', ...r.value });
  };

  const write = async (rows: ImportRow[], rejectedBefore: ImportRejection[]) => {
    let added = 0;
    const rejected = [...rejectedBefore];
    setStage({ kind: 'writing', done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK);
      const r = await dispatch('item-import-write', { rows: chunk });
      if (r.ok) {
        added += r.value.added;
        rejected.push(...r.value.rejected);
      } else rejected.push(...chunk.map((row) => ({ line: row.line, reason: `Not saved: ${r.error.message}` })));
      setStage({ kind: 'writing', done: Math.min(rows.length, i + chunk.length), total: rows.length });
    }
    setStage({ kind: 'done', added, rejected: rejected.sort((a, b) => a.line - b.line) });
  };

  const busy = stage.kind === 'writing';
  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title="Import items"
      testId="import-modal"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {stage.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
          {stage.kind === 'checked' && (
            <button type="button" className="btn btn-primary" disabled={!stage.rows.length} onClick={() => void write(stage.rows, stage.rejected)}>
              Import {stage.rows.length} items
            </button>
          )}
        </>
      }
    >
      <ErrorAlert message={error} />
      {stage.kind === 'pick' && (
        <div className="field">
          <label htmlFor="import-file">CSV file (columns: name, price, purchasePrice, description, quantity, barcode, unit, units)</label>
          <small className="field-hint">units: pack units as carton = 24 @ 4800 (Wholesale 4500) # barcode; pack = 6 @ 1250 (quantity is in the base unit)</small>
          <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => e.target.files?.[0] && void check(e.target.files[0])} />
        </div>
      )}
      {stage.kind === 'checked' && (
        <p data-testid="import-checked">
          {stage.rows.length} rows ready to import, {stage.rejected.length} rejected.
        </p>
      )}
      {stage.kind === 'writing' && (
        <>
          <progress className="progress" max={stage.total} value={stage.done} data-testid="import-progress" />
          <p>
            {stage.done} of {stage.total}
          </p>
        </>
      )}
      {stage.kind === 'done' && (
        <p data-testid="import-summary">
          {stage.added} items added, {stage.rejected.length} rows rejected.
        </p>
      )}
      {(stage.kind === 'checked' || stage.kind === 'done') && stage.rejected.length > 0 && (
        <table className="data-table" data-testid="import-rejected">
          <thead>
            <tr>
              <th>Line</th>
              <th>Reason</th>
            </tr>
          </thead>
          <tbody>
            {stage.rejected.slice(0, 200).map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
