/**
 * Idle lock: after IDLE_MS (150000 ms, spec) without keyboard, pointer, wheel or touch input in any tab of the
 * app, remember the route (localStorage 'oja:last-route', so the lock screen can offer to continue) and lock
 * the device: every tab of the business goes to /authentication/lock (src/lock.ts).
 *
 * Input in any tab counts: the lock is the whole device's, so a tab left in the background must not lock the
 * one being used. Each tab notes its input in localStorage 'oja:last-activity' (at most every 250 ms), and its
 * timer, when it fires, waits on from the latest input of any tab.
 *
 * Test hook: localStorage 'oja:test-idle-ms' (a positive number) replaces IDLE_MS so browser tests do not
 * wait 150 s. Nothing in the app writes it; only the idle-lock browser tests do.
 */
import { useEffect } from 'react';
import { IDLE_MS } from '../../commands/lib/version';
import { LOCK_PATH, lockDevice, rememberLockedFrom } from '../lock';
import { location, navigate } from '../router';
import { markLocked } from '../signin/session-flow';

export const LAST_ROUTE_KEY = 'oja:last-route';
export const TEST_IDLE_KEY = 'oja:test-idle-ms';
export const ACTIVITY_KEY = 'oja:last-activity';
const NOTE_EVERY_MS = 250;

export function idleMs(): number {
  const override = Number(localStorage.getItem(TEST_IDLE_KEY));
  return Number.isFinite(override) && override > 0 ? override : IDLE_MS;
}

const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** Locks now (the shell's Lock button, and the idle timer): remembers the route, locks every tab, the lock screen. */
export function lockNow(): void {
  const { path, search } = location.value;
  localStorage.setItem(LAST_ROUTE_KEY, path + search);
  rememberLockedFrom(path + search);
  void lockDevice();
  void markLocked(path + search);
  navigate(LOCK_PATH);
}

let noted = 0;

/** The latest input of any tab (ms since the epoch; 0 when none was noted). */
function lastInputAnywhere(): number {
  const at = Number(localStorage.getItem(ACTIVITY_KEY));
  return Number.isFinite(at) ? at : 0;
}

export function useIdleLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ms = idleMs();
    let mine = Date.now();
    let timer = 0;
    const check = () => {
      const left = Math.max(mine, lastInputAnywhere()) + ms - Date.now();
      if (left <= 0) lockNow();
      else timer = window.setTimeout(check, left);
    };
    const input = () => {
      mine = Date.now();
      if (mine - noted < NOTE_EVERY_MS) return;
      noted = mine;
      localStorage.setItem(ACTIVITY_KEY, String(mine));
    };
    timer = window.setTimeout(check, ms);
    ACTIVITY.forEach((t) => window.addEventListener(t, input, { passive: true, capture: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY.forEach((t) => window.removeEventListener(t, input, { capture: true }));
    };
  }, [active]);
}
