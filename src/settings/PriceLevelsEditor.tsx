/**
 * The price levels of the settings (issue 28): each level's name and optional minimum quantity (from that many
 * units the level applies by itself), renamed or removed in place, a new one added. Every change is saved as the
 * whole list through config-set, which checks it (commands/lib/price-levels.ts); a level keeps its id when
 * renamed, so item prices and customers' default levels stay attached.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { levelIdFor, type PriceLevel } from '../../commands/lib/price-levels';
import { saveSetting } from './save-setting';

type Draft = { id: string; name: string; min: string };

const draftOf = (levels: readonly PriceLevel[]): Draft[] => levels.map((l) => ({ id: l.id, name: l.name, min: l.minQuantity ? String(l.minQuantity) : '' }));

/** A typed minimum: empty is none; anything else is sent as a number for the worker to judge (2.5 is refused). */
function levelOf(d: Draft): PriceLevel {
  const min = d.min.trim();
  return { id: d.id, name: d.name.trim(), ...(min ? { minQuantity: Number(min.replace(/,/g, '')) } : {}) };
}

export function PriceLevelsEditor({ label, help, levels }: { label: string; help: string; levels: readonly PriceLevel[] }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft[]>(draftOf(levels));
  const [adding, setAdding] = useState<Draft>({ id: '', name: '', min: '' });
  const [error, setError] = useState('');
  const stored = JSON.stringify(levels);
  useEffect(() => setDraft(draftOf(levels)), [stored]);

  const save = async (next: PriceLevel[]) => {
    const problem = await saveSetting('priceLevels', next);
    setError(problem);
    if (problem) setDraft(draftOf(levels));
    return problem;
  };
  const commitRow = (i: number) => {
    const next = draft.map(levelOf);
    if (JSON.stringify(next[i]) !== JSON.stringify(levels[i])) void save(next);
  };
  const add = async () => {
    if (!adding.name.trim()) return;
    const level = levelOf({ ...adding, id: levelIdFor(adding.name, levels.map((l) => l.id)) });
    if (!(await save([...levels, level]))) setAdding({ id: '', name: '', min: '' });
  };
  const enter = (action: () => void) => (e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), action());

  return (
    <fieldset className="setting setting-list price-levels" data-testid="setting-priceLevels" aria-describedby={`${id}-help`}>
      <legend>{label}</legend>
      <small className="setting-help" id={`${id}-help`}>
        {help}
      </small>
      <ul>
        {draft.map((d, i) => (
          <li key={d.id}>
            <input aria-label={`Level ${i + 1} name`} value={d.name} onChange={(e) => setDraft(draft.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} onBlur={() => commitRow(i)} onKeyDown={enter(() => commitRow(i))} />
            <input
              aria-label={`Level ${i + 1} minimum quantity`}
              placeholder="Min. quantity"
              inputMode="numeric"
              className="price-level-min"
              value={d.min}
              onChange={(e) => setDraft(draft.map((x, j) => (j === i ? { ...x, min: e.target.value } : x)))}
              onBlur={() => commitRow(i)}
              onKeyDown={enter(() => commitRow(i))}
            />
            <button type="button" className="btn btn-small" aria-label={`Remove ${d.name || `level ${i + 1}`}`} onClick={() => void save(levels.filter((_, j) => j !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="setting-list-add">
        <input aria-label="New price level name" placeholder="Name (e.g. Wholesale)" value={adding.name} onChange={(e) => setAdding({ ...adding, name: e.target.value })} onKeyDown={enter(() => void add())} />
        <input
          aria-label="New price level minimum quantity"
          placeholder="Min. quantity"
          inputMode="numeric"
          className="price-level-min"
          value={adding.min}
          onChange={(e) => setAdding({ ...adding, min: e.target.value })}
          onKeyDown={enter(() => void add())}
        />
        <button type="button" className="btn btn-small" onClick={() => void add()}>
          Add level
        </button>
      </div>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
