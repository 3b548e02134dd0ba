/** The parking keys, one table for the handlers and for what the screens show (F2 is taken by the shell). */
/** The keys, shown on the quick sale's cheat sheet and beside the form's Sell button. */
export const PARK_KEYS: readonly [keys: string, action: string][] = [
  ['F7', 'Park this sale under a name or number'],
  ['F8', 'Parked sales: resume one'],
];

/** Which of F7 / F8 a key event is, if either. */
export function parkKey(e: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): 'park' | 'resume' | undefined {
  if (e.ctrlKey || e.altKey || e.metaKey) return undefined;
  return e.key === 'F7' ? 'park' : e.key === 'F8' ? 'resume' : undefined;
}
