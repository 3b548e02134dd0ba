/**
 * The unit a form line is in (issue 28): the item's base unit or one of its pack units. Shown only for items
 * with pack units; choosing a unit sets the line's factor and its price (the unit's selling price, or for a
 * purchase the cost the caller works out). A plain select: keyboard users reach it with Tab and arrows.
 */
import type { PackUnit } from '../../commands/lib/units';
import { baseUnit, unitOf, type LineUnit } from '../../commands/lib/units';
import { SelectField } from './fields';

/** What a line knows of its item's units (from item-get or item-search). */
export type UnitsOf = { unit?: string; units?: PackUnit[]; price: number };

/** The units of an item hit, or undefined for an item without pack units (no select is shown). */
export function unitsOf(item: { unit?: string; units?: PackUnit[]; price: number }): UnitsOf | undefined {
  return item.units?.length ? { unit: item.unit, units: item.units, price: item.price } : undefined;
}

export function UnitSelect({ of, value, onChange, name = 'unit' }: { of?: UnitsOf; value?: string; onChange: (unit: LineUnit) => void; name?: string }) {
  if (!of) return null;
  const options = [baseUnit(of), ...(of.units ?? []).map((u) => u.name)].map((u) => ({ value: u, label: u }));
  return (
    <SelectField
      label="Unit"
      name={name}
      value={value || baseUnit(of)}
      options={options}
      onChange={(v) => {
        const unit = unitOf(of, v);
        if (unit) onChange(unit);
      }}
    />
  );
}
