/**
 * The price level in use on a sale screen (issue 28): a labelled select (Retail and each level of the settings)
 * that shows the level and takes arrows with visible focus; F3 / Shift+F3 switch it from anywhere on the screen
 * (level-pricing.ts). Hidden when the business has no levels.
 */
import type { PriceLevel } from '../../../commands/lib/price-levels';
import { LEVEL_KEY } from './level-pricing';

type Props = { levels: readonly PriceLevel[]; value: string; onChange: (id: string) => void };

export function LevelSwitch({ levels, value, onChange }: Props) {
  if (!levels.length) return null;
  const known = !value || levels.some((l) => l.id === value);
  return (
    <div className="level-switch" data-testid="level-switch" data-level={value || 'retail'}>
      <label htmlFor="price-level">
        Price level <kbd>{LEVEL_KEY[0]}</kbd>
      </label>
      <select id="price-level" value={known ? value : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Retail</option>
        {levels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.minQuantity ? `${l.name} (from ${l.minQuantity})` : l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
