/**
 * Idle lock: after IDLE_MS (150000 ms, spec) without keyboard, pointer, wheel or touch input inside the shell,
 * remember the route (localStorage 'oja:last-route', so the lock screen can offer to continue) and go to
 * /authentication/lock.
 *
 * Test hook: localStorage 'oja:test-idle-ms' (a positive number) replaces IDLE_MS so browser tests do not
 * wait 150 s. Nothing in the app writes it; only tests/e2e/idle-lock.test.ts does.
 */
import { useEffect } from 'react';
import { IDLE_MS } from '../../commands/lib/version';
import { location, navigate } from '../router';

export const LAST_ROUTE_KEY = 'oja:last-route';
export const TEST_IDLE_KEY = 'oja:test-idle-ms';
export const LOCK_PATH = '/authentication/lock';

export function idleMs(): number {
  const override = Number(localStorage.getItem(TEST_IDLE_KEY));
  return Number.isFinite(override) && override > 0 ? override : IDLE_MS;
}

const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** Locks now (the shell's Lock button, and the idle timer): remembers the route, then the lock screen. */
export function lockNow(): void {
  const { path, search } = location.value;
  localStorage.setItem(LAST_ROUTE_KEY, path + search);
  navigate(LOCK_PATH);
}

export function useIdleLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ms = idleMs();
    let timer = 0;
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(lockNow, ms);
    };
    reset();
    ACTIVITY.forEach((t) => window.addEventListener(t, reset, { passive: true, capture: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY.forEach((t) => window.removeEventListener(t, reset, { capture: true }));
    };
  }, [active]);
}
