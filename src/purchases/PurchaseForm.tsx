/**
 * The purchase form (new and edit): Supplier, Summary and Items cards and the Buy button. The worker validates
 * in the spec's order; an underpaid purchase asks 'Debt purchase alert!' first (declining shows the spec text).
 */
import { useEffect, useState } from 'react';
import type { ClientSummary } from '../../commands/clients';
import { formatMoney, subMoney } from '../../commands/lib/money';
import { PURCHASE_MESSAGES, PURCHASE_REDIRECT_MS, purchaseDebtText } from '../../commands/purchases';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { useLive } from '../live';
import { navigate } from '../router';
import { confirmDialog, toast } from '../ui/dialogs';
import { DateField, ErrorAlert, MoneyField, SelectField, TextField } from '../ui/fields';
import { emptyRow, toInput, totalDue, totalQuantity, type FormState } from './form-state';
import { ItemRow } from './ItemRow';
import { SearchPicker } from '../ui/SearchPicker';
import { NewSupplierDialog, searchSuppliers } from './SupplierCard';

const shows = (placement: string) => placement === 'purchases' || placement === 'both';
/** How long 'Purchase has been successfully saved' stays up on the next screen. */
const SAVED_BANNER_MS = 4000;

export function PurchaseForm({ initial, editId }: { initial: FormState; editId?: string }) {
  const cfg = useConfig();
  const [form, setForm] = useState<FormState>(initial);
  const [error, setError] = useState('');
  // Saved: Buy stays off until the next screen opens (no second purchase from a second press).
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [newSupplier, setNewSupplier] = useState<string | null>(null);
  const warehouses = useLive('warehouse-list', {}, { enabled: cfg.useWarehouse });
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  // A message goes when its cause may be fixed: any change to the form (a supplier chosen or created, a row
  // edited) clears it; Save checks everything again.
  useEffect(() => setError(''), [form]);
  const due = totalDue(form);
  const symbol = cfg.currency;

  const submit = async (acceptDebt: boolean): Promise<void> => {
    setError('');
    setBusy(true);
    const input = toInput(form, acceptDebt);
    const reply = editId ? await dispatch('purchase-update', { ...input, id: editId }) : await dispatch('purchase-create', input);
    setBusy(false);
    if (reply.ok) {
      setSaved(true);
      // The spec's banner, then the next screen after 100 ms: the banner lives above the routes, so it stays
      // readable on the invoice (shown inside this form it went with the form); it blocks nothing there.
      toast(PURCHASE_MESSAGES.saved, SAVED_BANNER_MS);
      const target = editId || cfg.purchaseRedirect ? `/purchases/invoice/${reply.value.id}` : '/purchases';
      setTimeout(() => navigate(target), PURCHASE_REDIRECT_MS);
      return;
    }
    if (reply.error.code !== 'purchase-debt') return setError(reply.error.message);
    const accepted = await confirmDialog({
      title: PURCHASE_MESSAGES.debtTitle,
      text: purchaseDebtText(formatMoney(form.amount_paid, symbol), formatMoney(due, symbol)),
      confirmText: PURCHASE_MESSAGES.debtButton,
    });
    if (accepted) return submit(true);
    setError(PURCHASE_MESSAGES.debtDeclined);
  };

  const setRow = (i: number, row: FormState['items'][number]) => setForm((f) => ({ ...f, items: f.items.map((r, j) => (j === i ? row : r)) }));

  return (
    <form
      className="purchase-form"
      data-testid="purchase-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit(false);
      }}
    >
      <div className="actions" style={{ gridColumn: '1 / -1' }}>
        <ErrorAlert message={error} />
      </div>
      <section className="card" aria-labelledby="supplier-title">
        <h2 id="supplier-title">Supplier</h2>
        <SearchPicker<ClientSummary>
          label="Supplier"
          testId="supplier-picker"
          value={form.supplier.name}
          placeholder="Search suppliers"
          autoFocus={!editId}
          search={searchSuppliers}
          keyOf={(s) => s._id}
          render={(s) => `${s.name}${s.phone_number ? ` — ${s.phone_number}` : ''}`}
          onPick={(s) => set({ supplier: { name: s.name, phone_number: s.phone_number, account_ref: s._id } })}
          extra={{ label: 'New supplier…', onPick: (q) => setNewSupplier(q) }}
        />
        <TextField label="Phone number" name="supplier-phone" type="tel" value={form.supplier.phone_number ?? ''} onChange={(phone_number) => set({ supplier: { ...form.supplier, phone_number } })} />
        {newSupplier !== null && (
          <NewSupplierDialog
            open
            initialName={newSupplier}
            onClose={() => setNewSupplier(null)}
            onCreated={(supplier) => {
              set({ supplier });
              setNewSupplier(null);
            }}
          />
        )}
      </section>
      <section className="card" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <TextField label="Invoice number" name="invoice_number" value={form.invoice_number} onChange={(invoice_number) => set({ invoice_number })} />
        <DateField label="Date" name="date" value={form.date} onChange={(date) => set({ date })} />
        {cfg.useWarehouse && (
          <SelectField
            label="Warehouse"
            name="to"
            value={form.to}
            onChange={(to) => set({ to })}
            options={[{ value: 'store', label: 'Main store' }, ...(warehouses.data ?? []).filter((w) => w._id !== 'store').map((w) => ({ value: w._id, label: w.location }))]}
          />
        )}
        {shows(cfg.truckNumber) && <TextField label="Truck number" name="truck_number" value={form.truck_number} onChange={(truck_number) => set({ truck_number })} />}
        {shows(cfg.waybill) && <TextField label="Waybill" name="waybill" value={form.waybill} onChange={(waybill) => set({ waybill })} />}
        {cfg.trackTransport && (
          <>
            <MoneyField label="Transport total" name="transport-total" value={form.transport.total} onChange={(total) => set({ transport: { ...form.transport, total } })} />
            <MoneyField label="Transport paid" name="transport-paid" value={form.transport.paid} onChange={(paid) => set({ transport: { ...form.transport, paid } })} />
          </>
        )}
        {cfg.customPurchaseFields.map((field) => (
          <TextField key={field} label={field} name={`custom-${field}`} value={form.customFields[field] ?? ''} onChange={(v) => set({ customFields: { ...form.customFields, [field]: v } })} />
        ))}
        <MoneyField label="Amount paid" name="amount_paid" value={form.amount_paid} onChange={(amount_paid) => set({ amount_paid })} />
        <div className="totals">
          <span>Total quantity</span>
          <output data-testid="total-quantity">{totalQuantity(form)}</output>
          <span>Total due</span>
          <output data-testid="total-due">{formatMoney(due, symbol)}</output>
          <span>Balance</span>
          <output data-testid="balance">{formatMoney(subMoney(due, form.amount_paid), symbol)}</output>
        </div>
      </section>
      <section className="card card-items" aria-labelledby="items-title">
        <h2 id="items-title">Items</h2>
        {form.items.map((row, i) => (
          <ItemRow
            key={row.key}
            row={row}
            index={i}
            trackExpiry={cfg.trackExpiry}
            purchaseDate={form.date}
            currency={symbol}
            onChange={(r) => setRow(i, r)}
            onRemove={form.items.length > 1 ? () => set({ items: form.items.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
        <button type="button" className="btn" onClick={() => set({ items: [...form.items, emptyRow()] })}>
          Add item
        </button>
      </section>
      <div className="actions form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || saved}>
          Buy
        </button>
      </div>
    </form>
  );
}
