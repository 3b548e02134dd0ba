/**
 * /issue-out and /receive (labelled Production): Details card (Person Name, Person Ref, Issue Date, Details,
 * custom fields) and Items card (Add; item selector, one dropdown per variation, Quantity default 1, Price
 * default 0). Total quantity follows every change. The worker validates in the spec's order; paid below due
 * asks 'Debt issue alert!' first; saved, it shows 'Issue has been successfully saved' and goes to /store.
 */
import { useEffect, useState } from 'react';
import type { Variant } from '../../commands/docs';
import { DEBT_CODE, ISSUE_MESSAGES, type IssueDirection } from '../../commands/issues';
import { formatMoney, mulMoney, sumMoney } from '../../commands/lib/money';
import { selectVariation } from '../../commands/lib/variants';
import type { ItemHit, ItemView } from '../../commands/items';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { useLive } from '../live';
import { navigate } from '../router';
import type { ScreenProps } from '../screen';
import { alertDialog, confirmDialog } from '../ui/dialogs';
import { DateField, ErrorAlert, MoneyField, NumberField, SelectField, TextField } from '../ui/fields';
import { ItemPicker } from '../ui/ItemPicker';
import { UnitSelect, unitsOf, type UnitsOf } from '../ui/UnitSelect';
import { bothWays } from '../../commands/lib/units';

type Row = {
  /** Units of measure (issue 28): the item's units and the unit issued or received in (absent: base). */
  unitsOf?: UnitsOf;
  unit?: string;
  key: number;
  id: string;
  name: string;
  quantity: number;
  price: number;
  group?: string;
  available?: number;
  variation?: Record<string, string>;
  variants: Variant[];
  variations: ItemView['variations'];
};

let rowSeq = 0;
const newRow = (): Row => ({ key: ++rowSeq, id: '', name: '', quantity: 1, price: 0, variants: [], variations: [] });

export function IssueForm({ direction }: { direction: IssueDirection }) {
  const cfg = useConfig();
  const receive = direction === 'receive';
  const [name, setName] = useState('');
  const [ref, setRef] = useState('');
  const [date, setDate] = useState<number | undefined>(() => Date.now());
  const [details, setDetails] = useState('');
  const [custom, setCustom] = useState<Record<string, string>>({});
  const [warehouse, setWarehouse] = useState('store');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [paid, setPaid] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const warehouses = useLive('warehouse-list', {}, { enabled: cfg.useWarehouse });
  useEffect(() => setError(''), [direction]);

  const totalQuantity = rows.reduce((n, r) => n + (Number.isFinite(r.quantity) ? r.quantity : 0), 0);
  const totalDue = sumMoney(rows.map((r) => mulMoney(r.price, r.quantity)));
  const update = (key: number, patch: Partial<Row> | ((r: Row) => Row)) =>
    setRows((all) => all.map((r) => (r.key === key ? (typeof patch === 'function' ? patch(r) : { ...r, ...patch }) : r)));

  const pick = async (key: number, hit: ItemHit) => {
    const r = await dispatch('item-get', { id: hit._id, warehouse });
    const view = r.ok ? r.value : null;
    update(key, {
      id: hit._id,
      name: hit.name,
      group: hit.group?.name,
      available: hit.balance,
      variation: hit.variation,
      variants: view?.variants ?? [],
      variations: view?.variations ?? [],
      unitsOf: unitsOf(hit),
      unit: undefined,
    });
  };

  const save = async (acceptDebt: boolean): Promise<void> => {
    setBusy(true);
    setError('');
    const reply = await dispatch('issue-create', {
      direction,
      collector: { name, ref },
      date,
      details,
      customFields: custom,
      warehouse,
      amount_paid: paid,
      acceptDebt,
      items: rows.map((r) => ({ id: r.id, name: r.name, quantity: r.quantity, price: r.price, group: r.group, variation: r.variation, available: r.available, ...(r.unit ? { unit: r.unit } : {}) })),
    });
    setBusy(false);
    if (reply.ok) {
      navigate('/store');
      void alertDialog({ title: ISSUE_MESSAGES.saved, autoCloseMs: 1750 });
      return;
    }
    if (reply.error.code === DEBT_CODE) {
      const yes = await confirmDialog({ title: ISSUE_MESSAGES.debtTitle, text: reply.error.message, confirmText: ISSUE_MESSAGES.debtConfirm });
      if (yes) return save(true);
      return setError(ISSUE_MESSAGES.debtCancelled);
    }
    setError(reply.error.message);
  };

  return (
    <section className="screen">
      <h1>{receive ? 'Production' : 'Issue out'}</h1>
      <ErrorAlert message={error} />
      <form
        noValidate
        className="issue-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <div className="card">
          <h2>Details</h2>
          <TextField label="Person Name" value={name} onChange={setName} input={{ autoFocus: true }} />
          <TextField label="Person Ref" value={ref} onChange={setRef} />
          <DateField label="Issue Date" value={date} onChange={setDate} />
          <TextField label="Details" value={details} onChange={setDetails} multiline />
          {cfg.customIssueFields.map((field) => (
            <TextField key={field} label={field} value={custom[field] ?? ''} onChange={(v) => setCustom((c) => ({ ...c, [field]: v }))} />
          ))}
          {cfg.useWarehouse && (
            <SelectField label="Warehouse" value={warehouse} onChange={setWarehouse} options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.location }))} />
          )}
        </div>
        <div className="card">
          <h2>
            Items
            <button type="button" className="btn" onClick={() => setRows((all) => [...all, newRow()])}>
              Add
            </button>
          </h2>
          {rows.map((row, i) => (
            <div className="issue-row" key={row.key} data-testid="issue-row">
              <ItemPicker label="Item" value={row.name} onPick={(hit) => void pick(row.key, hit)} warehouse={warehouse} testId={`issue-item-${i}`} />
              {row.variations.map((v) => (
                <SelectField
                  key={v.key}
                  label={v.name}
                  value={row.variation?.[v.key] ?? ''}
                  placeholder="—"
                  options={v.options.map((o) => ({ value: o, label: o }))}
                  onChange={(value) => update(row.key, (r) => selectVariation(r, v.key, value, r.variants))}
                />
              ))}
              <UnitSelect of={row.unitsOf} value={row.unit} onChange={(u) => update(row.key, { unit: u.name })} />
              <NumberField label="Quantity" value={row.quantity} onChange={(q) => update(row.key, { quantity: q })} min={1} />
              <MoneyField label="Price" value={row.price} onChange={(p) => update(row.key, { price: p })} />
              <span className="available">{row.id ? `Available: ${row.unitsOf ? bothWays(row.available ?? 0, row.unitsOf) : (row.available ?? 0)}` : ''}</span>
              <button type="button" className="btn" aria-label={`Remove row ${i + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                ✕
              </button>
            </div>
          ))}
          <p data-testid="issue-total-quantity">Total quantity: {totalQuantity}</p>
          <p data-testid="issue-total-due">Total due: {formatMoney(totalDue, cfg.currency)}</p>
          <MoneyField label="Amount paid" value={paid} onChange={setPaid} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {receive ? 'Receive Items' : 'Issue Items'}
          </button>
        </div>
      </form>
    </section>
  );
}

export function IssueOutScreen(_props: ScreenProps) {
  return <IssueForm key="issue-out" direction="issue-out" />;
}

export function ReceiveScreen(_props: ScreenProps) {
  return <IssueForm key="receive" direction="receive" />;
}
