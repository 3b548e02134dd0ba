/**
 * The sale form (document 001 'Sale form' and 'Edit sale'): customer, summary and items cards and a Sell
 * button. Sell drops an empty first row in barcode mode, removes an empty row the way the spec says (and stops),
 * then saves through the worker, which checks every rule again.
 */
import { useState } from 'react';
import type { ConfigValues } from '../../../commands/config';
import { saleProblem } from '../../../commands/lib/sale-rules';
import { saleAdds } from '../../clients/CreditLine';
import { PARKED_MESSAGES, type ParkedSale } from '../../../commands/parked';
import { dispatch } from '../../bus';
import { useLive } from '../../live';
import { ErrorAlert } from '../../ui/fields';
import { PARK_KEYS, parkKey } from '../parked/park-keys';
import { ParkDialog, ParkedDialog } from '../parked/ParkDialogs';
import { submitSale } from '../submit-sale';
import { hasBasket, parkInputOfForm, stateOfParked } from './form-parking';
import { CustomerCard } from './CustomerCard';
import { ItemsCard } from './ItemsCard';
import { availableInUnit, initialState, totalsOf, toInput, type SaleFormState } from './sale-form-state';
import { SummaryCard } from './SummaryCard';
import { levelKey, priceLines } from '../levels/level-pricing';
import { LevelSwitch } from '../levels/LevelSwitch';
import { SaleFormFeed } from '../../display/SaleFormFeed';
import { publishSaved } from '../../display/till-feed';

type Props = { cfg: ConfigValues; initial: SaleFormState; saleId?: string };

/**
 * A message goes when its cause is fixed: a refusal by one of the sale rules the form can check (customer,
 * items, quantities) shows only while that same rule still fails on what is on screen now, with today's
 * numbers; other refusals (debt declined, a bank problem) stay until the next Sell.
 */
function stillApplies(refusal: { code: string; message: string } | null, state: SaleFormState, cfg: ConfigValues): string {
  if (!refusal) return '';
  const rows = state.rows;
  const now = saleProblem(state.customer, rows, cfg, (i) => availableInUnit(rows[i]));
  if (!CHECKED_HERE.has(refusal.code)) return refusal.message;
  return now?.code === refusal.code ? now.message : '';
}

const CHECKED_HERE = new Set(['customer-required', 'phone-required', 'no-items', 'item-required', 'empty-row', 'not-enough', 'quantity']);


export function SaleForm({ cfg, initial, saleId }: Props) {
  const [state, setState] = useState(initial);
  // The worker's refusal, with its code: a rule the form can check again hides its message once fixed.
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const next = useLive('invoice-next', {}, { enabled: !saleId });
  const patch = (p: Partial<SaleFormState>) => setState((s) => ({ ...s, ...p }));
  // Rows and the level in use go through the price levels: a row reprices itself unless its price is fixed.
  const levels = cfg.priceLevels;
  const setRows = (rows: SaleFormState['rows']) => setState((s) => ({ ...s, rows: priceLines(rows, levels, s.level) }));
  const setLevel = (level: string) => setState((s) => ({ ...s, level, rows: priceLines(s.rows, levels, level) }));
  const totals = totalsOf(state, cfg);
  const error = stillApplies(refusal, state, cfg);

  // Parking (new sales only: an existing sale is already saved).
  const [dialog, setDialog] = useState<'park' | 'resume' | null>(null);
  const [notice, setNotice] = useState('');
  const openParking = (which: 'park' | 'resume') => {
    setNotice('');
    if (which === 'park' && !hasBasket(state)) return setNotice(PARKED_MESSAGES.empty);
    setDialog(which);
  };
  const park = async (label: string): Promise<string | undefined> => {
    const reply = await dispatch('parked-save', parkInputOfForm(state, label));
    if (!reply.ok) return reply.error.message;
    setState(initialState(cfg));
    setRefusal(null);
    return undefined;
  };
  const resume = async (p: ParkedSale) => {
    const reply = await dispatch('parked-take', { id: p.id });
    setDialog(null);
    if (!reply.ok) return setNotice(reply.error.message);
    setRefusal(null);
    setState(stateOfParked(reply.value, cfg));
  };

  const sell = async () => {
    let rows = state.rows;
    if (cfg.barcode && rows.length > 1 && !rows[0].name) rows = rows.slice(1);
    const problem = saleProblem(state.customer, rows, cfg, (i) => availableInUnit(rows[i]));
    if (problem?.code === 'empty-row') {
      setState((s) => ({ ...s, rows: rows.filter((_, i) => i !== problem.index) }));
      return;
    }
    setBusy(true);
    setRefusal(null);
    const input = toInput({ ...state, rows });
    const result = await submitSale(saleId ? { ...input, id: saleId } : input, state.customer.with_account ? state.customer.account_ref : undefined);
    setBusy(false);
    if (result.error) setRefusal(result.error);
    // The customer display keeps this sale's figures up (src/display/).
    if (result.saved && !saleId) publishSaved(result.saved.invoice_number);
  };

  return (
    <form
      className="sale-form"
      noValidate
      onKeyDown={(e) => {
        // The dialogs are portals: their keys bubble here through React and belong to them.
        const level = dialog ? undefined : levelKey(e, levels, state.level);
        if (level !== undefined) {
          e.preventDefault();
          return setLevel(level);
        }
        const which = saleId || dialog ? undefined : parkKey(e);
        if (!which) return;
        e.preventDefault();
        openParking(which);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        void sell();
      }}
    >
      <ErrorAlert message={error || notice} />
      {!saleId && <SaleFormFeed state={state} totals={totals} cfg={cfg} />}
      <div className="cards">
        <CustomerCard
          customer={state.customer}
          readOnly={!!saleId}
          adding={saleId ? undefined : saleAdds(totals, state.amount_paid)}
          onChange={(customer, discount, level) => {
            patch(discount && cfg.percentageDiscount ? { customer, discountPct: discount } : { customer });
            // The customer's default level, when they have one (a level deleted since is ignored).
            if (level && levels.some((l) => l.id === level)) setLevel(level);
          }}
        />
        <SummaryCard state={state} cfg={cfg} totals={totals} nextNumber={next.data?.invoice_number} onChange={patch} />
      </div>
      <LevelSwitch levels={levels} value={state.level} onChange={setLevel} />
      <ItemsCard rows={state.rows} cfg={cfg} warehouse={cfg.useWarehouse ? state.from : 'store'} onChange={setRows} />
      <div className="actions form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Sell
        </button>
        {!saleId && (
          <>
            <button type="button" className="btn" onClick={() => openParking('park')}>
              Park <kbd>{PARK_KEYS[0][0]}</kbd>
            </button>
            <button type="button" className="btn" onClick={() => openParking('resume')}>
              Parked sales <kbd>{PARK_KEYS[1][0]}</kbd>
            </button>
          </>
        )}
      </div>
      <ParkDialog open={dialog === 'park'} onClose={() => setDialog(null)} onPark={park} />
      <ParkedDialog
        open={dialog === 'resume'}
        onClose={() => setDialog(null)}
        onResume={(p) => void resume(p)}
        blocked={hasBasket(state) ? PARKED_MESSAGES.busy : undefined}
      />
    </form>
  );
}
