/**
 * The item selector of every store form: type to search the worker's item index (name, description, price,
 * id, barcode), ArrowUp/ArrowDown to move, Enter to pick, Escape to close. One page of hits per keystroke.
 *
 *   <ItemPicker label="Item" value={row.name} onPick={(hit) => …} />
 */
import { useEffect, useId, useRef, useState } from 'react';
import { autoUpdate, FloatingPortal, flip, offset, size, useFloating } from '@floating-ui/react';
import type { ItemHit } from '../../commands/items';
import { dispatch } from '../bus';

type Props = {
  label: string;
  value: string;
  onPick: (hit: ItemHit) => void;
  raw?: boolean;
  warehouse?: string;
  autoFocus?: boolean;
  testId?: string;
};

const LIMIT = 20;

export function ItemPicker({ label, value, onPick, raw, warehouse, autoFocus, testId }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [hits, setHits] = useState<ItemHit[]>([]);
  const [active, setActive] = useState(0);
  const ticket = useRef(0);
  const { refs, floatingStyles } = useFloating({
    open,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(2),
      flip(),
      // As wide as the box at least, and never past the window's edge: a long item name wraps instead.
      size({
        padding: 8,
        apply: ({ rects, elements, availableWidth }) => {
          elements.floating.style.minWidth = `${Math.min(rects.reference.width, availableWidth)}px`;
          elements.floating.style.maxWidth = `${Math.max(0, availableWidth)}px`;
        },
      }),
    ],
  });

  useEffect(() => setText(value), [value]);

  // Enter pressed before the newest keystroke's answer arrived picks from that answer, not from the hits still
  // on screen (a fast typist would otherwise get the previous query's first item).
  const answered = useRef(true);
  const enterWaiting = useRef(false);

  const search = (q: string) => {
    const mine = ++ticket.current;
    answered.current = false;
    void dispatch('item-search', { query: q, limit: LIMIT, raw, warehouse }).then((r) => {
      if (mine !== ticket.current) return;
      answered.current = true;
      const rows = r.ok ? r.value.rows : [];
      setHits(rows);
      setActive(0);
      if (enterWaiting.current) {
        enterWaiting.current = false;
        if (rows[0]) pick(rows[0]);
      }
    });
  };

  const pick = (hit: ItemHit) => {
    setText(hit.name);
    setOpen(false);
    onPick(hit);
  };

  return (
    <div className="field item-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={refs.setReference}
        data-testid={testId}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && hits[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        value={text}
        placeholder="Search items"
        onFocus={() => {
          setOpen(true);
          search(text === value ? '' : text);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          search(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, hits.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open && !answered.current) {
            e.preventDefault();
            enterWaiting.current = true;
          } else if (e.key === 'Enter' && open && hits[active]) {
            e.preventDefault();
            pick(hits[active]);
          } else if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && hits.length > 0 && (
        <FloatingPortal>
          <ul ref={refs.setFloating} style={floatingStyles} id={`${id}-list`} role="listbox" className="picker-list">
            {hits.map((h, i) => (
              <li
                key={h._id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(h);
                }}
              >
                <span>{describe(h)}</span>
                <small>{h.balance}</small>
              </li>
            ))}
          </ul>
        </FloatingPortal>
      )}
    </div>
  );
}

/** 'T-shirt (M, Red)': a variant shows its values so two of a group can be told apart. */
export function describe(h: Pick<ItemHit, 'name' | 'variation'>): string {
  const values = Object.values(h.variation ?? {}).filter(Boolean);
  return values.length ? `${h.name} (${values.join(', ')})` : h.name;
}
