/**
 * /store/stocktake: start a count of a warehouse (optionally one category) and the stocktakes so far, each
 * leading to its count and variance (/store/stocktake/{id}). The rule of expected, counted and difference is in
 * commands/stocktake.ts.
 */
import { useState } from 'react';
import { STOCKTAKE_MESSAGES, type StocktakeSummary } from '../../../commands/stocktake';
import { formatDateTime } from '../../../commands/lib/dates';
import { formatMoney } from '../../../commands/lib/money';
import { MAIN_STORE } from '../../../commands/docs';
import { dispatch } from '../../bus';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { Link, navigate } from '../../router';
import type { ScreenProps } from '../../screen';
import { ErrorAlert, SelectField } from '../../ui/fields';

export function StocktakeScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const warehouses = useLive('warehouse-list', {});
  const categories = useLive('category-list', {});
  const list = useLive('stocktake-list', {});
  const [warehouse, setWarehouse] = useState(MAIN_STORE);
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    const r = await dispatch('stocktake-start', { warehouse, ...(category ? { category } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    navigate(`/store/stocktake/${r.value.id}`);
  };

  return (
    <section className="screen" data-testid="stocktake-screen">
      <h1>{title}</h1>
      <form
        noValidate
        className="card"
        data-testid="stocktake-start"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <h2>Start a count</h2>
        <p>The expected quantities are taken now; what is sold or bought while you count is accounted for.</p>
        <ErrorAlert message={error} />
        <div className="screen-actions" style={{ alignItems: 'flex-end' }}>
          {(warehouses.data?.length ?? 0) > 1 && (
            <SelectField label="Warehouse" name="stocktake-warehouse" value={warehouse} onChange={setWarehouse} options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.location }))} />
          )}
          <SelectField
            label="Category"
            name="stocktake-category"
            value={category}
            onChange={setCategory}
            options={(categories.data ?? []).map((c) => ({ value: c._id, label: c.value }))}
            placeholder="Every item"
          />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="stocktake-begin">
            Start count
          </button>
        </div>
      </form>
      <h2>Stocktakes</h2>
      {list.data && !list.data.length && <p>{STOCKTAKE_MESSAGES.noneYet}</p>}
      {!!list.data?.length && (
        <table className="data-table" data-testid="stocktake-list">
          <thead>
            <tr>
              <th>Started</th>
              <th data-identifies="">Warehouse</th>
              <th>Category</th>
              <th>By</th>
              <th style={{ textAlign: 'right' }}>Items</th>
              <th>Status</th>
              <th style={{ textAlign: 'right' }}>Value of differences</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s: StocktakeSummary) => (
              <tr key={s._id}>
                <td>{formatDateTime(s.date)}</td>
                <td>{s.warehouseName}</td>
                <td>{s.category?.name ?? 'Every item'}</td>
                <td>{s.user}</td>
                <td style={{ textAlign: 'right' }}>{s.items}</td>
                <td>{s.posted ? `Posted ${formatDateTime(s.posted.date)} by ${s.posted.user}` : 'Counting'}</td>
                <td style={{ textAlign: 'right' }}>{s.posted ? formatMoney(s.posted.value, cfg.currency) : ''}</td>
                <td>
                  <Link to={`/store/stocktake/${s._id}`}>{s.posted ? 'View' : 'Count'}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
