/**
 * This tab's view of the device's lock, which lives in the business's worker (worker/lock.ts) so every tab
 * shares it. The App sends every route that shows business data to the lock screen while `lockState` is
 * 'locked', and shows nothing while it is 'unknown' (the worker has not answered yet: a new tab, a reload).
 *
 *   lockState.value        'unknown' | 'locked' | 'unlocked'
 *   lockDevice()           the Lock button and the idle timer: every tab of the business locks
 *   unlockDevice()         after the password or pin opened the lock record, or a sign-in
 *   rememberLockedFrom(p)  the route this tab was on when it locked (kept across a reload of the lock
 *                          screen); takeLockedFrom() answers it once
 *
 * A tab sent to the lock screen by another tab's lock goes back to its own route when another tab unlocks.
 */
import { signal } from '@preact/signals-react';
import type { LockEvent } from '../commands/events';
import type { LockStatus } from '../commands/session';
import { dispatch } from './bus';
import { location, navigate } from './router';

export const LOCK_PATH = '/authentication/lock';

export type LockState = 'unknown' | 'locked' | 'unlocked';
export const lockState = signal<LockState>('unknown');

/** The newest change this tab has heard (replies and events come on two channels, in no fixed order). */
let heard = -1;
/** Per tab, and kept across a reload of the lock screen: sessionStorage (a new tab or a browser restart starts empty). */
const LOCKED_FROM_KEY = 'oja:locked-from';
const unlockListeners = new Set<() => void>();

/** While this tab's unlock is on its way, what the worker says meanwhile waits (the unlock's answer is newer). */
let unlocking = false;
let deferred: LockStatus | null = null;

/** Takes a lock status from the worker (a reply or an event), unless this tab already heard a newer one. */
export function applyLock(status: LockStatus | LockEvent): void {
  if (unlocking) {
    if (!deferred || status.seq > deferred.seq) deferred = { locked: status.locked, seq: status.seq };
    return;
  }
  if (status.seq < heard) return;
  heard = status.seq;
  const was = lockState.value;
  lockState.value = status.locked ? 'locked' : 'unlocked';
  if (was === 'locked' && !status.locked) {
    unlockListeners.forEach((l) => l());
    // Another tab unlocked: this one returns to where its lock found it (the unlocking tab took its own route).
    if (location.value.path === LOCK_PATH) {
      const back = takeLockedFrom();
      if (back) navigate(back, { replace: true });
    }
  }
}

/** Another business's worker answers for this tab now: nothing is known until it speaks. */
export function forgetLockState(): void {
  heard = -1;
  lockState.value = 'unknown';
}

/** Called whenever the device unlocks (live reads refused while locked run again). */
export function onUnlock(listener: () => void): () => void {
  unlockListeners.add(listener);
  return () => unlockListeners.delete(listener);
}

/** Locks every tab of the business; this tab counts as locked at once, before the worker answers. */
export async function lockDevice(): Promise<void> {
  lockState.value = 'locked';
  localStorage.setItem(LOCKED_AT_KEY, String(Date.now()));
  const reply = await dispatch('session-lock', {});
  if (reply.ok) applyLock(reply.value);
}

/**
 * Tells the worker the password or pin was right (once `after`, the session-set, is answered); answers the
 * worker's refusal message, or '' when unlocked.
 */
export async function unlockDevice(after?: Promise<unknown>, options: { fresh?: boolean } = {}): Promise<string> {
  // From now on (not from the dispatch): a new worker's first word, 'locked', must not flash the lock screen.
  unlocking = true;
  const reply = await Promise.resolve(after)
    .then(() => dispatch('session-unlock', options))
    .finally(() => (unlocking = false));
  const meanwhile = deferred;
  deferred = null;
  if (reply.ok) applyLock(reply.value);
  if (meanwhile) applyLock(meanwhile);
  return reply.ok ? '' : reply.error.message;
}

/**
 * A reload, or an address typed in the same tab, while unlocked stays unlocked. Chromium ends a shared worker the
 * moment no page is connected to it, so the only tab's reload starts a new worker, which starts locked. So an
 * unlocked page notes the time it goes away in its tab's sessionStorage, and the next page of the same tab, when
 * it is a reload or a typed address and comes within CARRY_MS, unlocks the new worker itself. Never after a
 * browser restart: a restored tab loads as 'back_forward', and every page takes the note away as it starts.
 * Never while locked: a locked page writes no note. Never a worker that still lives and was locked meanwhile (by
 * another tab, while this tab was on another site): the unlock is 'fresh' only, for a worker that has neither
 * locked nor unlocked since it started; nor after a lock in any tab (localStorage 'oja:locked-at') later than
 * the note, in case every tab closed since and took the locked worker with it.
 */
const CARRY_KEY = 'oja:unlocked-at';
const LOCKED_AT_KEY = 'oja:locked-at';
export const CARRY_MS = 30_000;

/** Installs the note-taking (once, at boot). */
export function carryUnlockAcrossLoads(): void {
  addEventListener('pagehide', () => {
    if (lockState.value === 'unlocked') sessionStorage.setItem(CARRY_KEY, String(Date.now()));
  });
}

/** True when this page follows an unlocked page of the same tab closely enough (the note is taken either way). */
export function unlockCarriedOver(): boolean {
  const at = Number(sessionStorage.getItem(CARRY_KEY));
  sessionStorage.removeItem(CARRY_KEY);
  const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const age = Date.now() - at;
  const lockedSince = at <= Number(localStorage.getItem(LOCKED_AT_KEY));
  return (type === 'reload' || type === 'navigate') && at > 0 && age >= 0 && age < CARRY_MS && !lockedSince;
}

export function rememberLockedFrom(route: string): void {
  sessionStorage.setItem(LOCKED_FROM_KEY, route);
}

export function takeLockedFrom(): string | null {
  const route = sessionStorage.getItem(LOCKED_FROM_KEY);
  sessionStorage.removeItem(LOCKED_FROM_KEY);
  return route;
}
