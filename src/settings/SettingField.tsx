/**
 * One setting of /settings, drawn by the type of its default: a switch, a choice, a number, a text or a list
 * of texts, with its one-line explanation under it and the worker's refusal beside it. Switches and choices
 * save at once; numbers and texts when the field is left or Enter is pressed.
 */
import { useId, useState } from 'react';
import { CONFIG_DEFAULTS, type ConfigKey, type ConfigValues } from '../../commands/config';
import { SETTING_TEXTS } from '../../commands/config-labels';
import { ListEditor } from './ListEditor';
import { saveSetting } from './save-setting';
import { useDraft } from './use-draft';

type Props = { name: ConfigKey; cfg: ConfigValues; counter?: number };

function Refusal({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <small className="field-error" id={id} role="alert">
      {text}
    </small>
  );
}

export function SettingField({ name, cfg, counter }: Props) {
  const id = useId();
  const text = SETTING_TEXTS[name];
  const value = cfg[name];
  const def = CONFIG_DEFAULTS[name];
  const [error, setError] = useState('');
  const [draft, setDraft, saved] = useDraft(String(value));
  const save = async (next: unknown, text?: string) => {
    const refused = await saveSetting(name, next as never);
    setError(refused);
    if (!refused && text !== undefined) saved(text);
  };
  const describedBy = `${id}-help${error ? ` ${id}-error` : ''}`;
  const help = (
    <small className="setting-help" id={`${id}-help`}>
      {text.help}
    </small>
  );

  if (Array.isArray(def)) {
    return <ListEditor label={text.label} help={text.help} values={value as string[]} testId={`setting-${name}`} onSave={(next) => saveSetting(name, next as never)} />;
  }
  if (typeof def === 'boolean') {
    return (
      <div className="setting setting-switch" data-testid={`setting-${name}`}>
        <input id={id} type="checkbox" role="switch" checked={value as boolean} aria-describedby={describedBy} onChange={(e) => void save(e.target.checked)} />
        <label htmlFor={id}>{text.label}</label>
        {help}
        <Refusal id={`${id}-error`} text={error} />
      </div>
    );
  }
  if (text.choices) {
    return (
      <div className="setting" data-testid={`setting-${name}`}>
        <label htmlFor={id}>{text.label}</label>
        <select id={id} value={String(value)} aria-describedby={describedBy} onChange={(e) => void save(typeof def === 'number' ? Number(e.target.value) : e.target.value)}>
          {text.choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
        {help}
        <Refusal id={`${id}-error`} text={error} />
      </div>
    );
  }
  const commit = () => {
    // Back to the stored value (a refused 150 % corrected to the 7.5 % kept): nothing to save, and the refusal
    // no longer holds (it used to stay beside a value that was fine).
    if (draft === String(value)) return setError('');
    void save(typeof def === 'number' ? (draft.trim() === '' ? NaN : Number(draft)) : draft, draft);
  };
  return (
    <div className="setting" data-testid={`setting-${name}`}>
      <label htmlFor={id}>{text.label}</label>
      <input
        id={id}
        type={typeof def === 'number' ? 'number' : 'text'}
        inputMode={typeof def === 'number' ? 'decimal' : undefined}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), commit())}
      />
      {counter !== undefined && (
        <small className={draft.trim().length > counter ? 'field-error' : 'setting-help'} aria-live="polite">
          {draft.trim().length}/{counter} characters
        </small>
      )}
      {help}
      <Refusal id={`${id}-error`} text={error} />
    </div>
  );
}
