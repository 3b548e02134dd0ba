/**
 * The statements' date filter (spec: "from, to, quick filters Today, This week, This month").
 *
 *   const [range, setRange] = useState(() => quickRange('week', Date.now()));
 *   <DateRangeButton value={range} onChange={setRange} />      a button showing the range; opens the dialog
 *   <DateRangeDialog open value onApply onClose />              the dialog alone
 *
 * Quick filters apply at once; From/To apply with the Apply button. Ranges are whole days.
 */
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { formatDate, implausibleDate, quickRange, type DateRange, type QuickRange } from '../../commands/lib/dates';
import { DateField, ErrorAlert } from './fields';
import { Modal } from './Modal';

const QUICK: { kind: QuickRange; label: string }[] = [
  { kind: 'today', label: 'Today' },
  { kind: 'week', label: 'This week' },
  { kind: 'month', label: 'This month' },
];

export function DateRangeDialog({ open, value, onApply, onClose }: { open: boolean; value: DateRange; onApply: (r: DateRange) => void; onClose: () => void }) {
  const [from, setFrom] = useState<number | undefined>(value.from);
  const [to, setTo] = useState<number | undefined>(value.to);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setFrom(value.from);
      setTo(value.to);
      setError('');
    }
  }, [open, value.from, value.to]);

  const apply = () => {
    if (from === undefined || to === undefined) return setError('Choose both dates');
    if (from > to) return setError('The start date must not be after the end date');
    // The forms' bounds (commands/lib/dates.ts PLAUSIBLE_YEARS): a range from 1907 or to 3026 is a typing slip.
    const now = Date.now();
    const wrong = implausibleDate(from, now) ? `From ${implausibleDate(from, now)}` : implausibleDate(to, now) ? `To ${implausibleDate(to, now)}` : '';
    if (wrong) return setError(wrong);
    onApply({ from: dayjs(from).startOf('day').valueOf(), to: dayjs(to).endOf('day').valueOf() });
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Date range"
      testId="date-range-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={apply}>
            Apply
          </button>
        </>
      }
    >
      <div className="quick-ranges">
        {QUICK.map((q) => (
          <button
            key={q.kind}
            type="button"
            className="btn"
            onClick={() => {
              onApply(quickRange(q.kind, Date.now()));
              onClose();
            }}
          >
            {q.label}
          </button>
        ))}
      </div>
      <ErrorAlert message={error} />
      <DateField label="From" value={from} onChange={setFrom} />
      <DateField label="To" value={to} onChange={setTo} />
    </Modal>
  );
}

export function DateRangeButton({ value, onChange }: { value: DateRange; onChange: (r: DateRange) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn date-range-button" onClick={() => setOpen(true)}>
        {formatDate(value.from)} – {formatDate(value.to)}
      </button>
      <DateRangeDialog open={open} value={value} onApply={onChange} onClose={() => setOpen(false)} />
    </>
  );
}
