/**
 * The item form's price per level (issue 28): one field per price level of the settings, kept as typed text so
 * an empty field means 'no price at this level' (a sale at that level then charges retail and says so). The
 * worker parses and checks them (worker/items/price-levels.ts).
 */
import { levelMinimumHint, type PriceLevel } from '../../../commands/lib/price-levels';
import { TextField } from '../../ui/fields';

export type LevelPriceTexts = Record<string, string>;

export const levelPriceTexts = (hit?: { levelPrices?: Record<string, number> }): LevelPriceTexts =>
  Object.fromEntries(Object.entries(hit?.levelPrices ?? {}).map(([id, v]) => [id, String(v)]));

/** What the form sends: every level of the settings, empty ones included (so clearing a price removes it). */
export const levelPricesInput = (levels: readonly PriceLevel[], texts: LevelPriceTexts): Record<string, string> =>
  Object.fromEntries(levels.map((l) => [l.id, (texts[l.id] ?? '').trim()]));

/** `unit`: the base unit's name, which a level's minimum counts on a line sold in it. */
export function LevelPriceFields({ levels, value, onChange, unit }: { levels: readonly PriceLevel[]; value: LevelPriceTexts; onChange: (v: LevelPriceTexts) => void; unit: string }) {
  if (!levels.length) return null;
  return (
    <div className="row-fields" data-testid="level-price-fields">
      {levels.map((l) => (
        <TextField
          key={l.id}
          label={`${l.name} price`}
          name={`levelPrice-${l.id}`}
          value={value[l.id] ?? ''}
          onChange={(v) => onChange({ ...value, [l.id]: v })}
          hint={l.minQuantity ? `${levelMinimumHint(l, unit)}; empty: retail` : 'Empty: retail'}
          input={{ inputMode: 'decimal' }}
        />
      ))}
    </div>
  );
}
