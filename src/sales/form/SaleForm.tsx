/**
 * The sale form (document 001 'Sale form' and 'Edit sale'): customer, summary and items cards and a Sell
 * button. Sell drops an empty first row in barcode mode, removes an empty row the way the spec says (and stops),
 * then saves through the worker, which checks every rule again.
 */
import { useState } from 'react';
import type { ConfigValues } from '../../../commands/config';
import { saleProblem } from '../../../commands/lib/sale-rules';
import { useLive } from '../../live';
import { ErrorAlert } from '../../ui/fields';
import { submitSale } from '../submit-sale';
import { CustomerCard } from './CustomerCard';
import { ItemsCard } from './ItemsCard';
import { totalsOf, toInput, type SaleFormState } from './sale-form-state';
import { SummaryCard } from './SummaryCard';

type Props = { cfg: ConfigValues; initial: SaleFormState; saleId?: string };

export function SaleForm({ cfg, initial, saleId }: Props) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const next = useLive('invoice-next', {}, { enabled: !saleId });
  const patch = (p: Partial<SaleFormState>) => setState((s) => ({ ...s, ...p }));
  const totals = totalsOf(state, cfg);

  const sell = async () => {
    let rows = state.rows;
    if (cfg.barcode && rows.length > 1 && !rows[0].name) rows = rows.slice(1);
    const problem = saleProblem(state.customer, rows, cfg, (i) => rows[i].available ?? Number.POSITIVE_INFINITY);
    if (problem?.code === 'empty-row') {
      setState((s) => ({ ...s, rows: rows.filter((_, i) => i !== problem.index) }));
      return;
    }
    setBusy(true);
    setError('');
    const input = toInput({ ...state, rows });
    const result = await submitSale(saleId ? { ...input, id: saleId } : input);
    setBusy(false);
    if (result.error) setError(result.error.message);
  };

  return (
    <form
      className="sale-form"
      onSubmit={(e) => {
        e.preventDefault();
        void sell();
      }}
    >
      <ErrorAlert message={error} />
      <div className="cards">
        <CustomerCard
          customer={state.customer}
          readOnly={!!saleId}
          onChange={(customer, discount) => patch(discount && cfg.percentageDiscount ? { customer, discountPct: discount } : { customer })}
        />
        <SummaryCard state={state} cfg={cfg} totals={totals} nextNumber={next.data?.invoice_number} onChange={patch} />
      </div>
      <ItemsCard rows={state.rows} cfg={cfg} warehouse={cfg.useWarehouse ? state.from : 'store'} onChange={(rows) => patch({ rows })} />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Sell
        </button>
      </div>
    </form>
  );
}
