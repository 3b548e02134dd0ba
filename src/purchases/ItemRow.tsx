/** One line of the purchase: item (search), a dropdown per variation, quantity, price, optional expiry date. */
import type { ItemHit } from '../../commands/items';
import { selectVariation, withItem } from '../../commands/lib/variants';
import { expiryBeforePurchase, type Millis } from '../../commands/lib/dates';
import { formatMoney, mulMoney } from '../../commands/lib/money';
import { dispatch } from '../bus';
import { DateField, MoneyField, NumberField, SelectField } from '../ui/fields';
import { ItemPicker } from '../ui/ItemPicker';
import type { RowState } from './form-state';
import { baseUnit, unitCost } from '../../commands/lib/units';
import { UnitSelect, unitsOf } from '../ui/UnitSelect';

/** The chosen item (or variant) with its group's option lists; the price defaults to its purchase price. */
async function loadItem(id: string, row: RowState): Promise<RowState> {
  const reply = await dispatch('item-get', { id });
  if (!reply.ok || !reply.value) return row;
  const of = unitsOf(reply.value);
  // Bought in the base unit until the Unit select says else (issue 28).
  return { ...withItem(row, reply.value, reply.value.purchasePrice), unitsOf: of, cost: reply.value.purchasePrice, unit: of ? baseUnit(of) : undefined };
}

type Props = {
  row: RowState;
  index: number;
  trackExpiry: boolean;
  /** The purchase's date: an expiry before it cannot be right. */
  purchaseDate: Millis | undefined;
  currency: string;
  onChange: (r: RowState) => void;
  onRemove?: () => void;
};

export function ItemRow({ row, index, trackExpiry, purchaseDate, currency, onChange, onRemove }: Props) {
  const pickVariation = async (key: string, value: string) => {
    const next = selectVariation(row, key, value, row.variants);
    if (!next.id) return onChange({ ...next, price: row.price });
    onChange(await loadItem(next.id, { ...next }));
  };
  return (
    <div className="item-row" data-testid={`item-row-${index}`}>
      <ItemPicker label="Item" testId="item-picker" value={row.name} onPick={(h: ItemHit) => void loadItem(h._id, row).then(onChange)} />
      {row.variations.map((v) => (
        <SelectField
          key={v.key}
          label={v.name}
          name={`variation-${v.key}`}
          value={row.variation?.[v.key] ?? ''}
          placeholder="Choose"
          options={v.options.map((o) => ({ value: o, label: o }))}
          onChange={(value) => void pickVariation(v.key, value)}
        />
      ))}
      {/* A carton bought at the carton's cost: the price follows the unit (cost per base unit × factor). */}
      <UnitSelect of={row.unitsOf} value={row.unit} onChange={(u) => onChange({ ...row, unit: u.name, price: unitCost(row.cost ?? 0, u.factor) })} />
      <NumberField label="Quantity" name="quantity" value={row.quantity} min={1} onChange={(quantity) => onChange({ ...row, quantity })} />
      <MoneyField label="Price" name="price" value={row.price} onChange={(price) => onChange({ ...row, price })} />
      {trackExpiry && (
        <DateField
          label="Expiry date"
          name="expiry_date"
          value={row.expiry_date}
          onChange={(expiry_date) => onChange({ ...row, expiry_date })}
          check={(expiry) => (purchaseDate === undefined ? '' : expiryBeforePurchase(expiry, purchaseDate, row.name || `item ${index + 1}`))}
        />
      )}
      <div className="field">
        <span>Total</span>
        <output data-testid="line-total">{formatMoney(mulMoney(row.price, row.quantity), currency)}</output>
      </div>
      {onRemove && (
        <button type="button" className="btn" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>
          Remove
        </button>
      )}
    </div>
  );
}
