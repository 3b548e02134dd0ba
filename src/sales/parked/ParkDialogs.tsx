/**
 * Parking a sale (quick sale and sale form alike): F7 asks for a name or number and parks the basket, F8
 * lists the baskets parked on this device and resumes the chosen one. Both dialogs work by keyboard alone:
 * the name field (the dialog's first) has focus and Enter parks; the list's first basket has focus, arrows move, Enter resumes.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ParkedSale } from '../../../commands/parked';
import { formatMoney } from '../../../commands/lib/money';
import { formatDateTime } from '../../../commands/lib/dates';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { ErrorAlert, TextField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';

export function ParkDialog({ open, onClose, onPark }: { open: boolean; onClose: () => void; onPark: (label: string) => Promise<string | undefined> }) {
  const [label, setLabel] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setLabel('');
    setError('');
    onClose();
  };
  const park = async () => {
    if (busy) return;
    setBusy(true);
    const problem = await onPark(label);
    setBusy(false);
    if (problem) setError(problem);
    else close();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Park this sale"
      testId="park-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="park-form" className="btn btn-primary" disabled={busy}>
            Park
          </button>
        </>
      }
    >
      <form
        id="park-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void park();
        }}
      >
        <ErrorAlert message={error} />
        <TextField label="Name or number" value={label} onChange={setLabel} hint="A customer's name or a ticket number" input={{ autoComplete: 'off' }} />
      </form>
    </Modal>
  );
}

export function ParkedDialog({ open, onClose, onResume, blocked }: { open: boolean; onClose: () => void; onResume: (p: ParkedSale) => void; blocked?: string }) {
  const cfg = useConfig();
  const list = useLive('parked-list', {}, { enabled: open });
  const rows = list.data ?? [];
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Shown once the list is there, so the dialog's first focusable element, and so its focus, is the first basket.
  const loaded = !!list.data || !!list.error;
  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : -1;
    if (to < 0 || to >= rows.length) return;
    e.preventDefault();
    buttons.current[to]?.focus();
  };
  return (
    <Modal
      open={open && loaded}
      onClose={onClose}
      title="Parked sales"
      testId="parked-dialog"
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <ErrorAlert message={blocked || list.error?.message} />
      {list.data && !rows.length && <p className="muted">No sale is parked on this device.</p>}
      <ul className="parked-list">
        {rows.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              className="btn parked-row"
              ref={(el) => {
                buttons.current[i] = el;
              }}
              disabled={!!blocked}
              onKeyDown={(e) => move(e, i)}
              onClick={() => onResume(p)}
            >
              <strong>{p.label}</strong>
              <span>
                {p.lines.length} {p.lines.length === 1 ? 'line' : 'lines'} · {formatMoney(p.total, cfg.currency)}
              </span>
              <small className="muted">{formatDateTime(p.parked_at)}</small>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
