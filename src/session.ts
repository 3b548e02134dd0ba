/**
 * The signed-in user on this device and the read-only flag, as signals.
 *
 *   session.value                the SessionUser from localStorage 'oja:user', or null
 *   startSession()               at boot: reads 'oja:user', starts the worker for that business, 'session-set',
 *                                then reads that business's configuration (again whenever the business changes)
 *   signIn(user)                 sign-in screens call this: stores the user, starts the worker, 'session-set',
 *                                then 'session-unlock' (the server just checked the password)
 *   signOut()                    forgets the user on this device (the lock screen keeps it)
 *   readOnly.value / useReadOnly()   localStorage 'oja:read-only' === '1': hide create and edit buttons
 *   <Editable>…</Editable>       renders its children only when not read-only
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { SessionUser } from '../commands/session';
import { dispatch, startBackend } from './bus';
import { configLoaded, loadConfig } from './config';
import { everythingChanged, syncState } from './events';
import { carryUnlockAcrossLoads, forgetLockState, takeLockedFrom, unlockCarriedOver, unlockDevice } from './lock';
import { DB_PATH } from './signin/server-api';
import { checkPersistentStorage } from './storage';

export const USER_KEY = 'oja:user';
export const READ_ONLY_KEY = 'oja:read-only';

function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    return user && typeof user.username === 'string' && typeof user.level === 'number' ? user : null;
  } catch {
    return null;
  }
}

export const session = signal<SessionUser | null>(null);
export const readOnly = signal<boolean>(typeof localStorage !== 'undefined' && localStorage.getItem(READ_ONLY_KEY) === '1');
/** Resolves once the worker knows the user (screens that dispatch right at boot can await it). */
export let sessionReady: Promise<unknown> = Promise.resolve();

/** The worker (and its IndexedDB databases) is per business; before sign-in a neutral 'oja' one serves. */
function backendName(user: SessionUser | null): string {
  return user ? `oja-${user.business}` : 'oja';
}

let backendInUse = '';

/**
 * `unlock`: 'signed-in' when a sign-in just proved the password with the server; 'carried' for a reload of an
 * unlocked tab (src/lock.ts: only a new worker opens so).
 */
function apply(user: SessionUser | null, unlock: 'signed-in' | 'carried' | null = null): Promise<unknown> {
  session.value = user;
  const name = backendName(user);
  const switched = name !== backendInUse;
  const wasAnother = switched && backendInUse !== '';
  if (wasAnother) configLoaded.value = false;
  // The lock is the worker's: another business's worker tells this tab its own (until then, nothing shows).
  if (switched) forgetLockState();
  backendInUse = name;
  startBackend(name);
  const set = dispatch('session-set', user);
  sessionReady = unlock ? unlockDevice(set, { fresh: unlock === 'carried' }).then(() => set) : set;
  // Another business has other settings: read them from its backend (at boot too, the first switch).
  if (switched) {
    // The configuration is one of the live reads everythingChanged() refreshes; at boot it is read the first time.
    void sessionReady.then(() => (wasAnother ? everythingChanged() : loadConfig()));
  }
  return sessionReady;
}

export function startSession(): Promise<unknown> {
  readOnly.value = localStorage.getItem(READ_ONLY_KEY) === '1';
  const user = readUser();
  // A reload of an unlocked tab stays unlocked (src/lock.ts); anything else waits for the worker's word.
  const carried = unlockCarriedOver();
  carryUnlockAcrossLoads();
  const ready = apply(user, user && carried ? 'carried' : null);
  if (user) void checkPersistentStorage();
  // After a reload, sync resumes on the session cookie (the password is only in memory after a sign-in).
  if (user) void ready.then(() => startSyncFor(user.username));
  return ready;
}

/** Starts (or joins) live sync of the current business; without a password the worker rides on the session cookie. */
export async function startSyncFor(username: string, password?: string): Promise<void> {
  const reply = await dispatch('sync-start', { remote: location.origin + DB_PATH, username, password });
  // A refusal is final until someone signs in: take it from the answer too, in case its event came before
  // this tab listened (later states always arrive as events).
  // The answer also says where a running sync is (this tab may have subscribed after its last event): taken
  // while the tab has heard nothing newer.
  if (reply.ok && (reply.value.state === 'error' || syncState.value.state === 'off')) syncState.value = { kind: 'sync', ...reply.value };
}

/** After a sign-in with the server (never at boot): the device is unlocked for this user. */
export function signIn(user: SessionUser): Promise<unknown> {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return apply(user, 'signed-in');
}

export function signOut(): Promise<unknown> {
  localStorage.removeItem(USER_KEY);
  // Nobody is left to continue where this tab was locked.
  takeLockedFrom();
  return apply(null);
}

export function setReadOnly(on: boolean): void {
  if (on) localStorage.setItem(READ_ONLY_KEY, '1');
  else localStorage.removeItem(READ_ONLY_KEY);
  readOnly.value = on;
}

export function useSession(): SessionUser | null {
  useSignals();
  return session.value;
}

export function useReadOnly(): boolean {
  useSignals();
  return readOnly.value;
}

/** Wrap create/edit buttons: hidden in read-only mode. */
export function Editable({ children }: { children: ReactNode }) {
  useSignals();
  return readOnly.value ? null : createElement(Fragment, null, children);
}

if (typeof window !== 'undefined') {
  // Another tab signing in or out, or toggling read-only, updates this one.
  window.addEventListener('storage', (e) => {
    if (e.key === USER_KEY) void apply(readUser());
    if (e.key === READ_ONLY_KEY) readOnly.value = e.newValue === '1';
  });
}
