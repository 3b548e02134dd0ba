/**
 * The UI's view of backend events, from the one bus subscription.
 *   onChanged(['item', 'stock'], () => refetch())   → unsubscribe function (src/live.ts is its one user)
 *   syncState.value                                 → 'off' until sync reports (shown in the shell)
 *   storageFull.value                               → true while the device's storage refuses writes
 *   lock events                                     → src/lock.ts (lockState)
 */
import { signal } from '@preact/signals-react';
import type { ChangedEvent, SyncEvent } from '../commands/events';
import { subscribe } from './bus';
import { applyLock, onUnlock } from './lock';

export const syncState = signal<SyncEvent>({ kind: 'sync', state: 'off', pending: 0 });
/** True while the worker reports the device's storage full (a write refused for lack of space). */
export const storageFull = signal(false);

const changedListeners = new Set<(e: ChangedEvent) => void>();
let subscribed = false;

function ensureSubscribed(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe((event) => {
    if (event.kind === 'sync') syncState.value = event;
    else if (event.kind === 'storage') storageFull.value = event.full;
    else if (event.kind === 'changed') changedListeners.forEach((l) => l(event));
    else if (event.kind === 'lock') applyLock(event);
  });
  // Reads refused while the device was locked (the configuration, read at boot) run again once it unlocks.
  onUnlock(everythingChanged);
}

/**
 * Calls `listener` when a `changed` event names any of `types`, and when the device moves to another business
 * (every read then answers from other data). An empty list: only then.
 */
export function onChanged(types: readonly string[], listener: (e: ChangedEvent) => void): () => void {
  ensureSubscribed();
  const wrapped = (e: ChangedEvent) => {
    if (e === EVERYTHING || namesAny(e, types)) listener(e);
  };
  changedListeners.add(wrapped);
  return () => changedListeners.delete(wrapped);
}

/** True when the event names one of `types` (an empty list matches nothing). */
export function namesAny(event: ChangedEvent, types: readonly string[]): boolean {
  return event.types.some((t) => types.includes(t));
}

const EVERYTHING: ChangedEvent = { kind: 'changed', types: [], ids: [] };

/** The session calls this once another business's backend knows the user: every live read runs again. */
export function everythingChanged(): void {
  changedListeners.forEach((l) => l(EVERYTHING));
}

/** Starts listening (sync state included); the shell calls this once after the session starts the worker. */
export function listenToBackend(): void {
  ensureSubscribed();
}
