/**
 * The item form's reorder levels: one for the item (its stock over all warehouses) and, with warehouses on, one
 * per warehouse. Kept as typed text so an empty field means 'no level' (the worker parses and checks it).
 */
import type { WarehouseDoc } from '../../../commands/docs';
import { TextField } from '../../ui/fields';

export type LevelTexts = { reorderLevel: string; reorderLevels: Record<string, string> };

export const levelTexts = (hit?: { reorderLevel?: number; reorderLevels?: Record<string, number> }): LevelTexts => ({
  reorderLevel: hit?.reorderLevel === undefined ? '' : String(hit.reorderLevel),
  reorderLevels: Object.fromEntries(Object.entries(hit?.reorderLevels ?? {}).map(([w, v]) => [w, String(v)])),
});

export function ReorderFields({ value, onChange, warehouses }: { value: LevelTexts; onChange: (v: LevelTexts) => void; warehouses?: Pick<WarehouseDoc, '_id' | 'location'>[] }) {
  return (
    <div className="row-fields" data-testid="reorder-fields">
      <TextField
        label={warehouses ? 'Reorder level (all warehouses)' : 'Reorder level'}
        name="reorderLevel"
        value={value.reorderLevel}
        onChange={(reorderLevel) => onChange({ ...value, reorderLevel })}
        input={{ inputMode: 'decimal' }}
      />
      {warehouses?.map((w) => (
        <TextField
          key={w._id}
          label={`Reorder level in ${w.location}`}
          name={`reorderLevel-${w._id}`}
          value={value.reorderLevels[w._id] ?? ''}
          onChange={(v) => onChange({ ...value, reorderLevels: { ...value.reorderLevels, [w._id]: v } })}
          input={{ inputMode: 'decimal' }}
        />
      ))}
    </div>
  );
}
