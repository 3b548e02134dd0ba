/**
 * An editable list of texts (variation field names, custom purchase and issue fields): each entry can be
 * renamed or removed, and a new one added; every change is saved as the whole list.
 */
import { useEffect, useId, useState } from 'react';

type Props = { label: string; help: string; values: readonly string[]; onSave: (next: string[]) => Promise<string>; testId: string };

export function ListEditor({ label, help, values, onSave, testId }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string[]>([...values]);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState('');
  const joined = values.join('\u0000');
  useEffect(() => setDraft(joined ? joined.split('\u0000') : []), [joined]);

  const save = async (next: string[]) => {
    const problem = await onSave(next);
    setError(problem);
    if (problem) setDraft([...values]);
    return problem;
  };
  const add = async () => {
    if (!adding.trim()) return;
    if (!(await save([...values, adding.trim()]))) setAdding('');
  };

  return (
    <fieldset className="setting setting-list" data-testid={testId} aria-describedby={`${id}-help`}>
      <legend>{label}</legend>
      <small className="setting-help" id={`${id}-help`}>
        {help}
      </small>
      <ul>
        {draft.map((v, i) => (
          <li key={i}>
            <input
              aria-label={`${label} ${i + 1}`}
              value={v}
              onChange={(e) => setDraft(draft.map((d, j) => (j === i ? e.target.value : d)))}
              onBlur={() => draft[i] !== values[i] && void save(draft.map((d) => d.trim()))}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), (e.target as HTMLInputElement).blur())}
            />
            <button type="button" className="btn btn-small" aria-label={`Remove ${v || `${label} ${i + 1}`}`} onClick={() => void save(values.filter((_, j) => j !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="setting-list-add">
        <input
          aria-label={`New ${label.toLowerCase()} entry`}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void add())}
        />
        <button type="button" className="btn btn-small" onClick={() => void add()}>
          Add
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
