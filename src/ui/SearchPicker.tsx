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

  // The query the hits on screen answer. Enter pressed before the newest query's answer arrived picks from
  // that answer, not from the hits still shown (another query's: a fast typist, or a slow worker, would get the
  // wrong customer); meanwhile (`picking`) the old hits are hidden, so no click lands on them.
  const answeredFor = useRef<string | null>(null);
  const [picking, setPicking] = useState(false);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (query === null) return;
    const mine = ++ticket.current;
    // A short pause so a fast typist makes one search, not one per key.
    const timer = setTimeout(() => {
      void props.search(query).then((found) => {
        if (mine !== ticket.current) return;
        answeredFor.current = query;
        setHits(found);
        setActive(0);
      });
    }, 120);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  /** Searches `q` now and picks its first hit (or the extra entry), even if focus has moved on meanwhile. */
  const pickWhenAnswered = (q: string) => {
    const mine = ++ticket.current;
    setPicking(true);
    void props.search(q).then((found) => {
      if (mine !== ticket.current) return;
      answeredFor.current = q;
      setHits(found);
      chooseFrom(found, 0, q);
    });
  };

  const chooseFrom = (list: T[], index: number, q: string) => {
    ++ticket.current; // no answer still on its way overrides this choice
    setPicking(false);
    if (index < list.length) latest.current.onPick(list[index]);
    else if (latest.current.extra) latest.current.extra.onPick(q);
    setQuery(null);
  };
  const choose = (index: number) => chooseFrom(hits, index, query ?? '');

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
        onFocus={(e) => {
          clearTimeout(closing.current);
          // What is typed replaces the chosen entry shown (a customer's name), rather than adding to it.
          e.target.select();
          setQuery((q) => q ?? '');
        }}
        onChange={(e) => {
          setText(e.target.value);
          setPicking(false);
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
          else if (e.key === 'Enter' && answeredFor.current !== query) pickWhenAnswered(query);
          else if (e.key === 'Enter' && count) choose(active);
          else if (e.key === 'Escape') {
            // Closes the list only: a dialog around the picker (the payment dialog) must not close with it.
            e.stopPropagation();
            ++ticket.current;
            setPicking(false);
            setQuery(null);
          }
          else return;
          e.preventDefault();
        }}
      />
      {open && !picking && count > 0 && (
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
