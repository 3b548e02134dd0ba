/**
 * What the sync badge says, in states a person can trust: synced (nothing waiting, the server answered the last
 * look), syncing (with what is waiting, or n of N while a new till catches up), offline (the server does not
 * answer; with what is waiting), not accepted (changes the server refused, listed on /sync), signed out of sync
 * (only when the server refused the credentials; the shell offers the way back), off by setting.
 * The worker's 'paused' means its replications are idle; only with nothing waiting is that 'Synced'.
 */
import type { SyncEvent, SyncProgress } from '../../commands/events';
import { SYNC_SIGN_IN_AGAIN } from '../../commands/sync';

export type SyncBadge = { kind: 'synced' | 'syncing' | 'offline' | 'signed-out' | 'off-setting' | 'starting' | 'error' | 'refused'; text: string };

export function syncBadge(s: SyncEvent, syncOn: boolean): SyncBadge {
  const waiting = s.pending > 0 ? ` (${s.pending})` : '';
  if (!syncOn) return { kind: 'off-setting', text: 'Sync off in settings' };
  if (s.state === 'error' && s.message === SYNC_SIGN_IN_AGAIN) return { kind: 'signed-out', text: `Sign in to sync${waiting}` };
  // Refused changes outrank the quiet states: 'Synced' must never hide them (the badge leads to /sync).
  const refused = s.refused ?? 0;
  if (refused > 0 && (s.state === 'paused' || (s.state === 'syncing' && !s.progress))) return { kind: 'refused', text: `Not accepted (${refused})` };
  switch (s.state) {
    case 'paused':
      return s.pending > 0 ? { kind: 'syncing', text: `Syncing${waiting}` } : { kind: 'synced', text: 'Synced' };
    case 'syncing':
      return { kind: 'syncing', text: s.progress ? `Syncing ${progressText(s.progress)}` : `Syncing${waiting}` };
    case 'offline':
      return { kind: 'offline', text: `Offline${waiting}` };
    case 'error':
      return { kind: 'error', text: `Sync error${waiting}` };
    default:
      // Sync is on but this tab has not heard from it yet (or nobody signed in to it on this device).
      return { kind: 'starting', text: `Connecting${waiting}` };
  }
}

const count = new Intl.NumberFormat('en');

/** A new till's first pull: '12,345 of 331,555 documents, about 3 min left' (or 'estimating time left' at first). */
export function progressText(p: SyncProgress): string {
  const left = p.etaSeconds === undefined ? 'estimating time left' : `about ${duration(p.etaSeconds)} left`;
  return `${count.format(p.done)} of ${count.format(p.total)} documents, ${left}`;
}

/** Coarse on purpose: the estimate moves with the machine's load, so seconds only near the end. */
function duration(seconds: number): string {
  if (seconds < 60) return `${Math.max(5, Math.ceil(seconds / 5) * 5)} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
