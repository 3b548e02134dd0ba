/** The sale's summary: invoice number, date, discounts, VAT, transport, warehouse, waybill, truck, LPO, paid, bank, due. */
import type { ConfigValues } from '../../../commands/config';
import { formatMoney } from '../../../commands/lib/money';
import { splitPayment, transportBalance, type SaleTotals } from '../../../commands/lib/sale-math';
import { BankFields } from '../../banks/BankFields';
import { useLive } from '../../live';
import { CheckboxField, DateField, MoneyField, NumberField, SelectField, TextField } from '../../ui/fields';
import type { SaleFormState } from './sale-form-state';

type Props = { state: SaleFormState; cfg: ConfigValues; totals: SaleTotals; nextNumber?: string; onChange: (patch: Partial<SaleFormState>) => void };

const PAYERS = [
  { value: 'Business', label: 'Business' },
  { value: 'Customer', label: 'Customer' },
];
const forSales = (p: ConfigValues['waybill']) => p === 'sales' || p === 'both';

export function SummaryCard({ state: s, cfg, totals, nextNumber, onChange }: Props) {
  // Cash handed over above the total due goes back as change; the sale records only the total due as paid.
  const change = splitPayment(s.amount_paid, totals.total_due).change ?? 0;
  const warehouses = useLive('warehouse-list', {}, { enabled: cfg.useWarehouse });
  const money = (n: number) => formatMoney(n, cfg.currency);
  const t = s.transport;
  return (
    <div className="card" data-testid="summary-card">
      <h2>Summary</h2>
      <div className="row-fields">
        <TextField label="Invoice number" name="invoice_number" value={s.invoice_number} onChange={(invoice_number) => onChange({ invoice_number })} input={{ placeholder: nextNumber }} />
        <DateField label="Date" name="date" value={s.date} onChange={(date) => onChange({ date })} hint="Empty: now" />
      </div>
      {(cfg.percentageDiscount || cfg.amountDiscount) && (
        <div className="row-fields">
          {cfg.percentageDiscount && <NumberField label="Discount (%)" name="discount_percentage" value={s.discountPct} min={0} max={100} onChange={(discountPct) => onChange({ discountPct })} />}
          {cfg.amountDiscount && <MoneyField label="Discount amount" name="discount_amount" value={s.discountAmount} onChange={(discountAmount) => onChange({ discountAmount })} />}
        </div>
      )}
      {cfg.useVat && (
        <div className="row-fields">
          <NumberField label="VAT (%)" name="vat_percentage" value={s.vat.percentage} min={0} onChange={(percentage) => onChange({ vat: { ...s.vat, percentage } })} />
          <SelectField
            label="VAT type"
            name="vat_type"
            value={s.vat.type}
            options={[
              { value: 'exclusive', label: 'Exclusive' },
              { value: 'inclusive', label: 'Inclusive' },
            ]}
            onChange={(type) => onChange({ vat: { ...s.vat, type: type as 'inclusive' | 'exclusive' } })}
          />
          <CheckboxField label="Withold VAT" checked={s.vat.withold} onChange={(withold) => onChange({ vat: { ...s.vat, withold } })} />
        </div>
      )}
      {cfg.trackTransport && (
        <div className="row-fields">
          <MoneyField label="Transport total" name="transport_total" value={t.total} onChange={(total) => onChange({ transport: { ...t, total } })} />
          <MoneyField label="Transport paid" name="transport_paid" value={t.paid} onChange={(paid) => onChange({ transport: { ...t, paid } })} />
          <SelectField label="Advance payer" value={t.advancePayer} options={PAYERS} onChange={(advancePayer) => onChange({ transport: { ...t, advancePayer } })} />
          <SelectField label="Balance payer" value={t.balancePayer} options={PAYERS} onChange={(balancePayer) => onChange({ transport: { ...t, balancePayer } })} />
          <CheckboxField label="Charge transport to the customer" checked={t.paidByCustomer} onChange={(paidByCustomer) => onChange({ transport: { ...t, paidByCustomer } })} />
          <div className="field">
            <span>Transport balance</span>
            <output>{money(transportBalance(t))}</output>
          </div>
        </div>
      )}
      <div className="row-fields">
        {cfg.useWarehouse && (
          <SelectField
            label="Warehouse (from)"
            name="from"
            value={s.from}
            // warehouse-list already starts with Main store.
            options={(warehouses.data ?? [{ _id: 'store', location: 'Main store' }]).map((w) => ({ value: w._id, label: w.location }))}
            onChange={(from) => onChange({ from })}
          />
        )}
        {forSales(cfg.waybill) && <TextField label="Waybill" name="waybill" value={s.waybill} onChange={(waybill) => onChange({ waybill })} />}
        {forSales(cfg.truckNumber) && <TextField label="Truck number" name="truck_number" value={s.truck_number} onChange={(truck_number) => onChange({ truck_number })} />}
        {cfg.lpo && <TextField label="LPO number" name="lpo" value={s.lpo} onChange={(lpo) => onChange({ lpo })} />}
      </div>
      <div className="row-fields">
        <MoneyField label="Amount paid" name="amount_paid" value={s.amount_paid} onChange={(amount_paid) => onChange({ amount_paid })} />
        <BankFields value={s.bank} currency={cfg.currency} onChange={(bank) => onChange({ bank })} />
        <div className="field">
          <span>Total due</span>
          <output data-testid="form-total-due">{money(totals.total_due)}</output>
          {totals.vat > 0 && <small>VAT {money(totals.vat)}</small>}
          {totals.discount > 0 && <small>Discount {money(totals.discount)}</small>}
        </div>
        {change > 0 && (
          <div className="field">
            <span>Change</span>
            <output data-testid="form-change">{money(change)}</output>
          </div>
        )}
      </div>
    </div>
  );
}
