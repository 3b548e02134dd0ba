/** Events the backend publishes to its subscribers (the UI's signals refetch on these). */
import type { LockStatus } from './session';

/** Documents of these `stores` types (and these ids) changed: local writes and replicated ones alike. */
export type ChangedEvent = { kind: 'changed'; types: string[]; ids: string[] };

export type SyncState = 'off' | 'syncing' | 'paused' | 'offline' | 'error';

/**
 * The first pull of a device far behind the server (a new till): documents synced of the server's total, and
 * the seconds still to go at the rate so far once there is a rate to go by.
 */
export type SyncProgress = { done: number; total: number; etaSeconds?: number };

/**
 * Replication status: `pending` counts local changes not yet pushed to the server; `progress` while catching up;
 * `refused` counts changes the server did not accept (listed by sync-refusals).
 */
export type SyncEvent = { kind: 'sync'; state: SyncState; pending: number; message?: string; progress?: SyncProgress; refused?: number };

/**
 * The device's storage refused a write for lack of space (QuotaExceededError), or a write succeeded again after
 * that. Sent only when the state changes.
 */
export type StorageEvent = { kind: 'storage'; full: boolean };

/** The device was locked or unlocked (in any tab, or by a new worker starting locked); every tab follows. */
export type LockEvent = { kind: 'lock' } & LockStatus;

export type BackendEvent = ChangedEvent | SyncEvent | StorageEvent | LockEvent;

/** What a person reads when a write failed because the device's storage is full (reply and shell alert alike). */
export const STORAGE_FULL_MESSAGE =
  "This device's storage is full, so the last change was not saved. Everything saved before it is safe. " +
  'Free up space on the device (delete files or other apps, or clear other websites\' data), then try again.';

export type Unsubscribe = () => void;
