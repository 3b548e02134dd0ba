/**
 * /store/stocktake/{id}: count and review one stocktake. Counting is keyboard-only and works offline: scan a
 * code (the scanner's Enter counts one) or type a code or name, Tab, a quantity, Enter; focus comes back to the
 * code for the next item. Each count is its own document, so several people on several devices count at once.
 * The count sheet lists every item with its expected quantity at the start and what is counted so far; the
 * variance report shows expected, counted, difference and value at cost (commands/stocktake.ts has the rule);
 * both print landscape. Managers and the owner post it: one document moves the stock by every difference.
 */
import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { STOCKTAKE_MESSAGES, type StocktakeLine, type StocktakeLinesPage, type StocktakeTotals } from '../../../commands/stocktake';
import { formatDateTime } from '../../../commands/lib/dates';
import { formatMoney } from '../../../commands/lib/money';
import { mayWrite } from '../../../commands/permissions';
import { dispatch } from '../../bus';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { Link, navigate } from '../../router';
import type { ScreenProps } from '../../screen';
import { session } from '../../session';
import type { Column } from '../../table/columns';
import { DataTable } from '../../table/DataTable';
import { confirmDialog, toast } from '../../ui/dialogs';
import { ErrorAlert } from '../../ui/fields';

type Tab = 'sheet' | 'variance';

const SHEET: Column<StocktakeLine>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'name', title: 'Item', identifies: true },
  { key: 'start', title: 'Expected at start', kind: 'number' },
  { key: 'counted', title: 'Counted', kind: 'number' },
];

const VARIANCE: Column<StocktakeLine>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'name', title: 'Item', identifies: true },
  { key: 'start', title: 'Expected at start', kind: 'number' },
  { key: 'moved', title: 'Moved while counting', kind: 'number' },
  { key: 'expected', title: 'Expected', kind: 'number' },
  { key: 'counted', title: 'Counted', kind: 'number' },
  { key: 'difference', title: 'Difference', kind: 'number' },
  { key: 'cost', title: 'Cost price', kind: 'money' },
  { key: 'value', title: 'Value at cost', kind: 'money', total: true },
];

/** The two tabs' tables: the whole count sheet, and the variance of what was counted. */
const VIEWS = {
  sheet: { view: 'all', columns: SHEET, title: 'Count sheet', csvName: 'count-sheet.csv', testId: 'stocktake-sheet' },
  variance: { view: 'counted', columns: VARIANCE, title: 'Variance report', csvName: 'stocktake-variance.csv', testId: 'stocktake-variance' },
} as const;

function CountForm({ id }: { id: string }) {
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string>('');
  const codeRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  const count = async () => {
    if (busy.current || !code.trim()) return;
    busy.current = true;
    const r = await dispatch('stocktake-count', { id, code, quantity });
    busy.current = false;
    if (!r.ok) {
      setError(r.error.message);
      codeRef.current?.select();
      return;
    }
    setError(null);
    const { item, quantity: q, counted, pack } = r.value;
    const packs = pack ? ` (${pack.quantity} × ${pack.unit})` : '';
    setLast(`${item.name}: ${q > 0 ? '+' : ''}${q}${packs}, ${counted} counted on this device`);
    setCode('');
    setQuantity('');
    codeRef.current?.focus();
  };

  return (
    <form
      noValidate
      className="card"
      data-testid="stocktake-count-form"
      onSubmit={(e) => {
        e.preventDefault();
        void count();
      }}
    >
      <ErrorAlert message={error} />
      <div className="screen-actions" style={{ alignItems: 'flex-end' }}>
        <div className="field">
          <label htmlFor="stocktake-code">Scan or type an item</label>
          <input id="stocktake-code" name="stocktake-code" ref={codeRef} autoFocus autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="stocktake-quantity">Quantity</label>
          <input id="stocktake-quantity" name="stocktake-quantity" inputMode="decimal" placeholder="1" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" data-testid="stocktake-add">
          Count
        </button>
      </div>
      <p role="status" data-testid="stocktake-last">
        {last}
      </p>
    </form>
  );
}

function Totals({ totals, currency }: { totals: StocktakeTotals; currency: string }) {
  return (
    <dl className="totals" data-testid="stocktake-totals">
      <dt>Items counted</dt>
      <dd data-testid="stocktake-counted">
        {totals.counted} of {totals.items}
      </dd>
      <dt>With a difference</dt>
      <dd>{totals.differences}</dd>
      <dt>Gain at cost</dt>
      <dd>{formatMoney(totals.gain, currency)}</dd>
      <dt>Loss at cost</dt>
      <dd>{formatMoney(totals.loss, currency)}</dd>
      <dt>Net</dt>
      <dd data-testid="stocktake-net">{formatMoney(totals.value, currency)}</dd>
    </dl>
  );
}

export function StocktakeCount({ title, params }: ScreenProps) {
  useSignals();
  const cfg = useConfig();
  const id = params.id ?? '';
  const [tab, setTab] = useState<Tab>('sheet');
  const [page, setPage] = useState<StocktakeLinesPage | null>(null);
  const head = useLive('stocktake-lines', { id, offset: 0, limit: 1 });
  const s = head.data?.stocktake;
  const posted = !!s?.posted;
  const level = session.value?.level ?? 9;

  if (head.error) {
    return (
      <section className="screen" data-testid="stocktake-count">
        <h1>{title}</h1>
        <ErrorAlert message={head.error.message} />
        <Link to="/store/stocktake">Back to stocktakes</Link>
      </section>
    );
  }

  const post = async () => {
    const ok = await confirmDialog({ title: 'Post this stocktake?', text: 'Every counted item’s stock moves by its difference. This cannot be undone.', confirmText: 'Post' });
    if (!ok) return;
    const r = await dispatch('stocktake-post', { id });
    if (!r.ok) return toast(r.error.message);
    toast(`Posted: ${r.value.lines} items`);
    setTab('variance');
  };

  const where = s ? `${s.warehouseName}${s.category ? `, ${s.category.name}` : ''}` : '';
  return (
    <section className="screen" data-testid="stocktake-count">
      <h1>
        {title}
        {where && `: ${where}`}
      </h1>
      {s && (
        <p data-testid="stocktake-status">
          Started {formatDateTime(s.date)} by {s.user}. {posted ? `Posted ${formatDateTime(s.posted!.date)} by ${s.posted!.user}.` : 'Counting.'}{' '}
          <Link to="/store/stocktake">All stocktakes</Link>
        </p>
      )}
      {s && !posted && <CountForm id={id} />}
      {page && <Totals totals={page.totals} currency={cfg.currency} />}
      <div className="screen-actions">
        <div className="store-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'sheet'} onClick={() => setTab('sheet')} data-testid="tab-sheet">
            Count sheet
          </button>
          <button type="button" role="tab" aria-selected={tab === 'variance'} onClick={() => setTab('variance')} data-testid="tab-variance">
            Variance
          </button>
        </div>
        {s && !posted && mayWrite('stocktake-post', level) && (
          <button type="button" className="btn btn-primary" onClick={() => void post()} data-testid="stocktake-post">
            Post stocktake
          </button>
        )}
        {posted && (
          <button type="button" className="btn" onClick={() => navigate('/store')}>
            Back to the store
          </button>
        )}
      </div>
      <DataTable
        key={tab}
        command="stocktake-lines"
        filters={{ id, view: VIEWS[tab].view }}
        columns={VIEWS[tab].columns}
        title={`${VIEWS[tab].title}: ${where}`}
        emptyText={STOCKTAKE_MESSAGES.nothingCounted}
        defaultSort={{ key: 'name', dir: 'asc' }}
        csvName={VIEWS[tab].csvName}
        onPage={(p) => setPage(p as StocktakeLinesPage)}
        testId={VIEWS[tab].testId}
      />
    </section>
  );
}
