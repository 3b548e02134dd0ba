/**
 * The quick sale's keys. One table drives both the handler and the on-screen cheat sheet, so what is shown
 * is what works. Letters always go to the search box; the other keys never type text.
 */
import { PARK_KEYS } from '../parked/park-keys';
import { LEVEL_KEY } from '../levels/level-pricing';

/** The browser's own print key: on the quick sale it prints the last sale's receipt (./LastSale.tsx). */
export const PRINT_KEY: [keys: string, action: string] = ['Ctrl+P', "Print the last sale's receipt"];

export const CHEAT_SHEET: readonly [keys: string, action: string][] = [
  ['Type', 'Search items (name, price, code)'],
  ['↑ ↓', 'Move through the results'],
  ['Enter', 'Add the highlighted item (again: one more)'],
  ['Scan', "A scanned barcode adds its item (a carton's: a carton; a scale label: with its price or weight)"],
  ['+ / −', 'One more / one less of the selected line (empty search)'],
  ['PgUp PgDn', 'Select the previous / next basket line'],
  ['F4', 'Type the quantity of the selected line (Enter: back to the search)'],
  ['F6', 'The selected line in its next unit (piece → carton)'],
  ['Del', 'Remove the selected line (empty search; a typed quantity never removes it)'],
  ['Alt+C', 'Customer: pick one with an account (the sale goes on it), or a walk-in by name'],
  ['F9', 'Amount paid'],
  LEVEL_KEY,
  ['Ctrl+Enter', 'Complete the sale (Enter in amount paid too)'],
  PRINT_KEY,
  ...PARK_KEYS,
  ['Esc', 'Clear the search / back to the search'],
];

/**
 * A barcode scanner types a whole code (6+ characters: EAN-8, EAN-13, UPC, Code 128...) a few milliseconds a
 * key and ends it with its own Enter just as fast; people do not keep under 50 ms a key for six keys, and a fast
 * typist who does (seven letters under 30 ms each) still looks at the results before pressing Enter. So a burst
 * is the code's keys and the Enter that ends it, each within 50 ms of the one before. Times are the events' own
 * stamps, so a busy main thread that handles queued keys late does not make a person look like a scanner.
 */
const BURST_GAP_MS = 50;
const BURST_MIN_CHARS = 6;

/** Remembers when each character of the current search was typed, to tell a scanner burst from typing. */
export function createBurstDetector() {
  let times: number[] = [];
  return {
    typed(timeStamp: number): void {
      times.push(timeStamp);
    },
    reset(): void {
      times = [];
    },
    /** True when the last `length` characters, and the Enter pressed at `enterAt`, all came in one burst. */
    isBurst(length: number, enterAt: number): boolean {
      if (length < BURST_MIN_CHARS || times.length < length) return false;
      const recent = [...times.slice(-length), enterAt];
      for (let i = 1; i < recent.length; i++) if (recent[i] - recent[i - 1] > BURST_GAP_MS) return false;
      return true;
    },
  };
}

/** A field of the basket (a quantity, the phone, amount paid's Esc): Enter and Esc go back to the search. */
export const backToSearch = (onBack: () => void) => (e: { key: string; preventDefault(): void }) => {
  if (e.key === 'Enter' || e.key === 'Escape') {
    e.preventDefault();
    onBack();
  }
};
