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

/** Takes a lock status from the worker (a reply or an event), unless this tab already heard a newer one. */
export function applyLock(status: LockStatus | LockEvent): void {
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
  const reply = await dispatch('session-lock', {});
  if (reply.ok) applyLock(reply.value);
}

/** Tells the worker the password or pin was right; answers the worker's refusal message, or '' when unlocked. */
export async function unlockDevice(): Promise<string> {
  const reply = await dispatch('session-unlock', {});
  if (!reply.ok) return reply.error.message;
  applyLock(reply.value);
  return '';
}

export function rememberLockedFrom(route: string): void {
  sessionStorage.setItem(LOCKED_FROM_KEY, route);
}

export function takeLockedFrom(): string | null {
  const route = sessionStorage.getItem(LOCKED_FROM_KEY);
  sessionStorage.removeItem(LOCKED_FROM_KEY);
  return route;
}
