/**
 * A keyboard-first search box with a results list (ARIA combobox): type to search in the worker, arrows to
 * move, Enter to choose, Escape to close. Used for the supplier and for each item row.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export type SearchPickerProps<T> = {
  label: string;
  /** Text shown in the box while nothing is being typed (the chosen entry). */
  value: string;
  search: (query: string) => Promise<T[]>;
  render: (hit: T) => ReactNode;
  keyOf: (hit: T) => string;
  onPick: (hit: T) => void;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
  /** Shown after the hits, e.g. a "New supplier" entry; chosen with Enter when it is active. */
  extra?: { label: string; onPick: (query: string) => void };
};

export function SearchPicker<T>(props: SearchPickerProps<T>) {
  const id = useId();
  // `query` is what is searched (null: closed); `text` is what the box shows (the chosen value until typing).
  const [query, setQuery] = useState<string | null>(null);
  const [text, setText] = useState(props.value);
  const [hits, setHits] = useState<T[]>([]);
  const [active, setActive] = useState(0);
  const ticket = useRef(0);
  // Closing waits a moment after blur (so a click on an option lands); focus coming back cancels it, or the
  // box would be reset under what is typed next.
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = query !== null;
  const count = hits.length + (props.extra ? 1 : 0);

  const latestValue = useRef(props.value);
  latestValue.current = props.value;
  useEffect(() => setText(props.value), [props.value]);

  useEffect(() => {
    if (query === null) return;
    const mine = ++ticket.current;
    // A short pause so a fast typist makes one search, not one per key.
    const timer = setTimeout(() => {
      void props.search(query).then((found) => {
        if (mine !== ticket.current) return;
        setHits(found);
        setActive(0);
      });
    }, 120);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const choose = (index: number) => {
    if (index < hits.length) props.onPick(hits[index]);
    else if (props.extra) props.extra.onPick(query ?? '');
    setQuery(null);
  };

  return (
    <div className="field picker" data-testid={props.testId}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && count ? `${id}-${active}` : undefined}
        autoComplete="off"
        autoFocus={props.autoFocus}
        placeholder={props.placeholder}
        value={text}
        onFocus={() => {
          clearTimeout(closing.current);
          setQuery((q) => q ?? '');
        }}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
        }}
        onBlur={() => {
          closing.current = setTimeout(() => {
            setQuery(null);
            setText(latestValue.current);
          }, 150);
        }}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === 'ArrowDown') setActive((a) => Math.min(count - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter' && count) choose(active);
          else if (e.key === 'Escape') setQuery(null);
          else return;
          e.preventDefault();
        }}
      />
      {open && count > 0 && (
        <ul className="picker-list" role="listbox" id={`${id}-list`}>
          {hits.map((hit, i) => (
            <li
              key={props.keyOf(hit)}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              {props.render(hit)}
            </li>
          ))}
          {props.extra && (
            <li id={`${id}-${hits.length}`} role="option" className="picker-extra" aria-selected={active === hits.length} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(hits.length)}>
              {props.extra.label}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
