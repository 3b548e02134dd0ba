/**
 * /shifts (the menu, its alt+digit, and the cashbook): this till's shift. With none open, open one with a float;
 * with one open, its cash so far and the drawer count that closes it, then its Z-report. Below, the shifts this user
 * may see (this till's; managers every till's), a shift left open past midnight flagged.
 */
import { useState } from 'react';
import { formatDateTime } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import type { CountLine } from '../../commands/shifts';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link, navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useCommand } from '../ui/useCommand';
import { ErrorAlert, MoneyField } from '../ui/fields';
import { CountForm } from './CountForm';

export function ShiftsScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const money = (n: number) => formatMoney(n, cfg.currency);
  const current = useLive('shift-current', {});
  const list = useLive('shift-list', {});
  const command = useCommand();
  const [float, setFloat] = useState(0);
  const shift = current.data?.shift;

  const open = async () => {
    await command.run('shift-open', { float });
  };
  const close = async (count: CountLine[]) => {
    if (!shift) return;
    const reply = await command.run('shift-close', { id: shift.id, count });
    if (reply.ok) navigate(`/shifts/${encodeURIComponent(shift.id)}`);
  };

  return (
    <section className="screen" data-testid="shifts">
      <h1>{title}</h1>
      <ErrorAlert message={command.error || current.error?.message} />
      {current.data && !shift && (
        <form
          className="shift-open"
          data-testid="shift-open"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void open();
          }}
        >
          <p>No shift is open on this till ({current.data.till}).</p>
          {/* The cashier comes here from the keyboard (the menu's alt+digit): the float is typed at once, Enter opens. */}
          <MoneyField label="Opening float" name="float" value={float} onChange={setFloat} input={{ autoFocus: true }} />
          <button type="submit" className="btn btn-primary" disabled={command.busy}>
            Open shift
          </button>
        </form>
      )}
      {shift && (
        <div data-testid="shift-current">
          {shift.overnight && (
            <div className="alert alert-error" role="alert">
              This shift has been open since {formatDateTime(shift.opened_at)}: it was left open past midnight.
            </div>
          )}
          <p>
            Shift open since {formatDateTime(shift.opened_at)} by {shift.opened_by}, float {money(shift.float)}.{' '}
            <Link to={`/shifts/${encodeURIComponent(shift.id)}`}>Z-report so far</Link>
          </p>
          <CountForm currency={cfg.currency} expected={shift.expected} busy={command.busy} onClose={(c) => void close(c)} />
        </div>
      )}
      <h2>Shifts</h2>
      <table className="shift-list" data-testid="shift-list">
        <thead>
          <tr>
            <th>Till</th>
            <th>Opened</th>
            <th>Closed</th>
            <th className="num">Float</th>
            <th className="num">Counted</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((s) => (
            <tr key={s.id} className={s.overnight ? 'shift-overnight' : undefined}>
              <td>{s.till}</td>
              <td>
                <Link to={`/shifts/${encodeURIComponent(s.id)}`}>{formatDateTime(s.opened_at)}</Link> · {s.opened_by}
              </td>
              <td>{s.closed_at ? `${formatDateTime(s.closed_at)} · ${s.closed_by}` : s.overnight ? 'Open past midnight' : 'Open'}</td>
              <td className="num">{money(s.float)}</td>
              <td className="num">{s.counted === undefined ? '–' : money(s.counted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
