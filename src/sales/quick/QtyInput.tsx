/**
 * A basket line's quantity as typed (F4). While the field has focus it shows what is typed, so Backspace on
 * "1" leaves an empty field to type "3" into, never a quantity of 0: typing never removes a line (Del on the
 * empty search, the × button or − at one do). A positive number is applied as it is typed; an empty field or 0
 * is not, and the line keeps its quantity when focus leaves. Enter and Esc go back to the search.
 */
import { useState, type KeyboardEvent } from 'react';

type Props = {
  quantity: number;
  label: string;
  inputRef: (el: HTMLInputElement | null) => void;
  onFocus: () => void;
  onQuantity: (quantity: number) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
};

export function QtyInput({ quantity, label, inputRef, onFocus, onQuantity, onKeyDown }: Props) {
  /** What is being typed; null: not editing (the field shows the line's quantity). */
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      ref={inputRef}
      className="basket-qty"
      aria-label={label}
      type="number"
      min={0}
      value={draft ?? quantity}
      onFocus={onFocus}
      onBlur={() => setDraft(null)}
      onChange={(e) => {
        setDraft(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n) && n > 0) onQuantity(n);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'Escape') setDraft(null);
        onKeyDown(e);
      }}
    />
  );
}
