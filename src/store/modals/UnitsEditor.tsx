/**
 * The item form's units of measure (issue 28): the base unit stock is counted in, and pack units, each a whole
 * number of base units with its own price and barcode ('carton', 24, ₦4,800). Kept as typed text so the worker
 * parses and checks it (commands/lib/units.ts); the server checks the stored shape again.
 */
import type { PackUnitInput } from '../../../commands/items';
import { MAX_PACK_UNITS, type PackUnit } from '../../../commands/lib/units';
import { levelMinimumHint, type PriceLevel } from '../../../commands/lib/price-levels';
import { levelPricesInput, levelPriceTexts, type LevelPriceTexts } from './LevelPriceFields';
import { TextField } from '../../ui/fields';

type PackTexts = { name: string; factor: string; price: string; barcode: string; levelPrices: LevelPriceTexts };
export type UnitTexts = { unit: string; units: PackTexts[] };

export const unitTexts = (hit?: { unit?: string; units?: PackUnit[] }): UnitTexts => ({
  unit: hit?.unit ?? '',
  units: (hit?.units ?? []).map((u) => ({ name: u.name, factor: String(u.factor), price: String(u.price), barcode: u.barcode ?? '', levelPrices: levelPriceTexts(u) })),
});

/** What item-create and item-update take: nothing when the item has no units and never had. */
export function unitFields(t: UnitTexts, had: boolean, levels: readonly PriceLevel[]): { unit?: string; units?: PackUnitInput[] } {
  if (!had && !t.unit.trim() && !t.units.length) return {};
  return {
    unit: t.unit.trim(),
    units: t.units.map((u) => ({
      name: u.name,
      factor: u.factor.trim(),
      price: u.price,
      barcode: u.barcode,
      // A pack's own price per level (price levels, issue 28); empty: the pack's retail price at that level.
      ...(levels.length ? { levelPrices: levelPricesInput(levels, u.levelPrices) } : {}),
    })),
  };
}

export function UnitsEditor({ value, onChange, levels = [] }: { value: UnitTexts; onChange: (v: UnitTexts) => void; levels?: readonly PriceLevel[] }) {
  const base = value.unit.trim() || 'piece';
  const setPack = (i: number, patch: Partial<UnitTexts['units'][number]>) =>
    onChange({ ...value, units: value.units.map((u, k) => (k === i ? { ...u, ...patch } : u)) });
  return (
    <fieldset className="units-editor" data-testid="units-editor">
      <legend>Units of measure</legend>
      <TextField label="Base unit" name="unit" value={value.unit} onChange={(unit) => onChange({ ...value, unit })} hint="Stock is counted in it: piece, kg, litre (piece when empty)" />
      {value.units.map((u, i) => (
        <div className="row-fields" key={i} data-testid="pack-unit">
          <TextField label="Pack unit" name={`pack-name-${i}`} value={u.name} onChange={(name) => setPack(i, { name })} />
          <TextField label={`${base}s in one`} name={`pack-factor-${i}`} value={u.factor} onChange={(factor) => setPack(i, { factor })} input={{ inputMode: 'numeric' }} />
          <TextField label="Pack price" name={`pack-price-${i}`} value={u.price} onChange={(price) => setPack(i, { price })} input={{ inputMode: 'decimal' }} />
          <TextField label="Pack barcode" name={`pack-barcode-${i}`} value={u.barcode} onChange={(barcode) => setPack(i, { barcode })} />
          <button type="button" className="btn" onClick={() => onChange({ ...value, units: value.units.filter((_, k) => k !== i) })}>
            Remove {u.name || 'pack'}
          </button>
          {levels.map((l) => (
            <TextField
              key={l.id}
              label={`${l.name} price (${u.name || 'pack'})`}
              name={`pack-level-${i}-${l.id}`}
              value={u.levelPrices[l.id] ?? ''}
              onChange={(v) => setPack(i, { levelPrices: { ...u.levelPrices, [l.id]: v } })}
              hint={['Empty: the pack price', levelMinimumHint(l, u.name || 'pack')].filter(Boolean).join('; ')}
              input={{ inputMode: 'decimal' }}
            />
          ))}
        </div>
      ))}
      {value.units.length < MAX_PACK_UNITS && (
        <button type="button" className="btn" data-testid="add-pack" onClick={() => onChange({ ...value, units: [...value.units, { name: '', factor: '', price: '', barcode: '', levelPrices: {} }] })}>
          Add pack unit
        </button>
      )}
    </fieldset>
  );
}
