/**
 * Labelled form fields (each input is tied to its label; an `error` text marks it invalid) and the red
 * form error alert the spec asks for ("Form errors show in a red alert inside the form").
 *
 *   <ErrorAlert message={error} />                       renders nothing when message is empty
 *   <TextField label="Name" value={name} onChange={setName} required />
 *   <NumberField label="Quantity" value={qty} onChange={setQty} min={1} />
 *   <MoneyField label="Amount paid" value={paid} onChange={setPaid} />   invalid text becomes 0 (spec), shown at once
 *   <DateField label="Issue Date" value={date} onChange={setDate} />       value: ms since epoch or undefined
 *   <DateField … check={(d) => expiryBeforePurchase(d, bought, name)} />   a rule of the form's own, said on the field
 *   <SelectField label="Warehouse" value={w} onChange={setW} options={[{ value: 'store', label: 'Main store' }]} />
 *   <CheckboxField label="Raw item" checked={raw} onChange={setRaw} />
 * `multiline` on TextField renders a textarea.
 *
 * No native constraint attributes (required, min, max): the browser's own bubbles ('Value must be less than or
 * equal to 30.') would block a submit before the form could show the spec's message ('There are only 30 …
 * left, hence you cannot sell upto 50'). The fields say the same to assistive technology (aria-required,
 * aria-valuemin/max) and forms validate in code.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { fromDateInput, implausibleDate, toDateInput, type Millis } from '../../commands/lib/dates';
import { neverAnAmount, parseMoney, readAsZero, readAsZeroText } from '../../commands/lib/money';

export function ErrorAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  );
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode; className?: string; name?: string; disabled?: boolean; required?: boolean };

function Field({ id, label, error, hint, className, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="field-hint">{hint}</small>}
      {error && (
        <small className="field-error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'id'>;

function inputProps(id: string, c: Common) {
  return {
    id,
    name: c.name,
    disabled: c.disabled,
    'aria-required': c.required || undefined,
    'aria-invalid': c.error ? true : undefined,
    'aria-describedby': c.error ? `${id}-error` : undefined,
  };
}

export function TextField(props: Common & { value: string; onChange: (v: string) => void; multiline?: boolean; type?: 'text' | 'email' | 'tel' | 'password' | 'search'; input?: InputExtras }) {
  const id = useId();
  const { value, onChange, multiline, type = 'text', input } = props;
  return (
    <Field {...props} id={id}>
      {multiline ? (
        <textarea {...inputProps(id, props)} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...input} {...inputProps(id, props)} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/**
 * Keeps what the person typed while they type (so "1." or "" are not rewritten under their cursor, nor a
 * date's year half typed) and reports the parsed value; the text follows `value` when it changes from outside.
 */
function useTypedText<T>(value: T, parse: (text: string) => T, format: (v: T) => string) {
  const [text, setText] = useState(format(value));
  useEffect(() => {
    if (parse(text) !== value) setText(format(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return [text, setText] as const;
}

const useNumericText = (value: number, parse: (text: string) => number) => useTypedText(value, parse, String);
const dateText = (v: Millis | undefined) => (v === undefined ? '' : toDateInput(v));

const parseNumber = (t: string) => {
  const n = Number(t);
  return t.trim() === '' || !Number.isFinite(n) ? 0 : n;
};

export function NumberField(props: Common & { value: number; onChange: (v: number) => void; min?: number; max?: number; step?: number; input?: InputExtras }) {
  const id = useId();
  const [text, setText] = useNumericText(props.value, parseNumber);
  return (
    <Field {...props} id={id}>
      <input
        {...props.input}
        {...inputProps(id, props)}
        type="number"
        inputMode="decimal"
        aria-valuemin={props.min}
        aria-valuemax={props.max}
        step={props.step ?? 'any'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(parseNumber(e.target.value));
        }}
      />
    </Field>
  );
}

export function MoneyField(props: Common & { value: number; onChange: (v: number) => void; input?: InputExtras }) {
  const id = useId();
  const [text, setText] = useNumericText(props.value, parseMoney);
  // The spec reads an invalid entry as 0; the field says so (and keeps saying it after the text becomes 0).
  const [zeroed, setZeroed] = useState<string | null>(null);
  // Text no typing can make an amount ('abc') shows the 0 it is read as at once, before any save (issue 39),
  // selected, so the next key replaces it; what was typed is still named in the hint.
  const ref = useRef<HTMLInputElement>(null);
  const [shownZero, setShownZero] = useState(0);
  useLayoutEffect(() => {
    if (shownZero) ref.current?.select();
  }, [shownZero]);
  const hint = zeroed ? (
    <span role="status" data-testid="read-as-zero">
      {readAsZeroText(zeroed)}
    </span>
  ) : (
    props.hint
  );
  return (
    <Field {...props} hint={hint} id={id}>
      <input
        {...props.input}
        {...inputProps(id, props)}
        ref={ref}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          const typed = e.target.value;
          if (neverAnAmount(typed)) {
            // Typing over the shown 0 goes on with what was typed before it.
            setZeroed(zeroed !== null && text === '0' ? zeroed + typed : typed);
            setText('0');
            setShownZero((n) => n + 1);
            props.onChange(0);
            return;
          }
          setText(typed);
          setZeroed(readAsZero(typed) ? typed : null);
          props.onChange(parseMoney(typed));
        }}
        onBlur={() => setText(String(parseMoney(text)))}
      />
    </Field>
  );
}

/**
 * `check` adds a rule of the form's own (an expiry not before the purchase date): the message, or ''. It is
 * said on the field as soon as the date is entered, in the words the worker refuses it with.
 */
export function DateField(props: Common & { value: Millis | undefined; onChange: (v: Millis | undefined) => void; check?: (v: Millis) => string; input?: InputExtras }) {
  const id = useId();
  const [text, setText] = useTypedText(props.value, fromDateInput, dateText);
  // A year far outside the present (1907) is said at once; the worker refuses it too.
  const wrong = props.value === undefined ? '' : implausibleDate(props.value, Date.now()) || props.check?.(props.value) || '';
  const shown = { ...props, error: props.error || wrong || undefined };
  return (
    <Field {...shown} id={id}>
      <input
        {...props.input}
        {...inputProps(id, shown)}
        type="date"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(fromDateInput(e.target.value));
        }}
      />
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField(props: Common & { value: string; onChange: (v: string) => void; options: readonly SelectOption[]; placeholder?: string }) {
  const id = useId();
  return (
    <Field {...props} id={id}>
      <select {...inputProps(id, props)} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField(props: Omit<Common, 'hint'> & { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className={`field field-check ${props.className ?? ''}`}>
      <input {...inputProps(id, props)} type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={id}>{props.label}</label>
      {props.error && (
        <small className="field-error" id={`${id}-error`}>
          {props.error}
        </small>
      )}
    </div>
  );
}
