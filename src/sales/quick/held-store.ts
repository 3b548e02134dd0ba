/**
 * The quick sale of this tab and user, kept beyond the screen (issue 39): the lock (the Lock button, or the idle
 * lock at 150 s) leaves for the lock screen and unmounts the quick sale, and the basket in progress must be there
 * after the unlock's Continue.
 */
import { createQuickSale, type QuickSale } from './quick-store';

/**
 * `owner`: business and username. The same store comes back after the lock or a visit to another screen;
 * another user on this tab gets a fresh one, and so does the next visit after a completed sale. Memory only: a
 * reload starts afresh (park a basket to keep it across one).
 */
let held: { owner: string; store: QuickSale } | null = null;

export function heldQuickSale(owner: string): QuickSale {
  if (held?.owner !== owner || held.store.sold()) held = { owner, store: createQuickSale() };
  return held.store;
}
