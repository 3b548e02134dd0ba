/**
 * Live sync of the business's three databases with the server (document 000 sections 4 and 7). The worker
 * keeps the credentials in memory only; state changes arrive as `sync` events ({ kind: 'sync', state, pending }).
 */
import type { DeviceCredential } from './devices';
import type { SyncProgress, SyncState } from './events';

/** Spec constants: batch size 512; a 401/403 logs in again after 1500 ms × attempt number. */
export const SYNC_BATCH_SIZE = 512;
export const RELOGIN_DELAY_MS = 1500;

/**
 * The catch-up's batches (worker/sync/catch-up.ts) and the snapshot's page (worker/sync/snapshot.ts), chosen by
 * the bench (scripts/bench/README.md). Declared here because the server sizes its request bounds from them
 * (server/couch/limits.ts): the largest requests a till sends.
 */
export const CATCH_UP_BATCH_SIZE = 2000;
/**
 * A push that walks every local change asks the server which it lacks (none, for pulled ones): larger
 * batches for it, since each is one small request per batch (ids and revisions only, ~50 bytes each).
 */
export const CATCH_UP_PUSH_BATCH_SIZE = 5000;
/** Documents per page of the server's changes feed in a new till's snapshot. */
export const SNAPSHOT_PAGE = 5000;

/**
 * The sync state's message when the server refused the device and the worker cannot renew the session itself:
 * its device credential was revoked, its user disabled, or it holds none yet (the browser restarted and the
 * lock screen has not released it). The shell then offers the lock screen, whose unlock hands the credential
 * over (or whose password signs in again).
 */
export const SYNC_SIGN_IN_AGAIN = 'Sign in again to resume sync';

export type SyncStartInput = {
  /** Base URL of the CouchDB endpoint, e.g. `${location.origin}/db`. */
  remote: string;
  /** Username without the v2_ prefix. */
  username: string;
  /** Kept in worker memory for re-login; without it the current session cookie is used. */
  password?: string;
  /**
   * This device's credential (from the lock record once unlocked): the worker renews the session with it whenever
   * the server refuses the cookie, so no password is needed after a restart or days offline (see
   * docs/architecture.md, 'Device credentials'). Kept in worker memory only.
   */
  device?: DeviceCredential;
};

/** How the refused document differed from the server's: new on this till, changed here, or deleted here. */
export type SyncRefusalChange = 'made' | 'changed' | 'deleted';

/**
 * A change this till made that the server did not accept (its validate_doc_update refused it). 'restored': the
 * server's version is back on this till (as on every other device); 'kept': the server never had the document,
 * so it stays on this till only.
 */
export type SyncRefusal = {
  /** `{database}:{id}`, unique in the list. */
  key: string;
  database: 'main' | 'shared' | 'denormalized';
  id: string;
  /** A few words a person recognises the document by ('sale AUCu-0005', 'config deletePolicy'). */
  label: string;
  change: SyncRefusalChange;
  /** The server's own reason. */
  reason: string;
  outcome: 'restored' | 'kept';
  at: number;
};

export type SyncStatus = {
  state: SyncState;
  pending: number;
  /** Changes the server did not accept, listed by sync-refusals until dismissed. */
  refused: number;
  message?: string;
  /** Where each database's replication is (only on sync-status: for support and for tests that must say why). */
  lanes?: Record<string, SyncState>;
  /** The last replication events, oldest first, 'HH:mm:ss.SSS database event (error)'. */
  recent?: string[];
  /** A new till's first pull: documents synced of the server's total and the time estimate. */
  progress?: SyncProgress;
};

export type SyncCommands = {
  'sync-start': (input: SyncStartInput) => Promise<SyncStatus>;
  'sync-stop': (input: Record<string, never>) => Promise<SyncStatus>;
  'sync-status': (input: Record<string, never>) => Promise<SyncStatus>;
  /** Local documents not yet pushed to the server (logging out with any asks first). */
  'sync-pending': (input: Record<string, never>) => Promise<{ pending: number }>;
  /** The changes the server did not accept from this till, newest first. */
  /** `problem`: why the list on this device is not whole or not kept (its database failed), said on /sync. */
  'sync-refusals': (input: Record<string, never>) => Promise<{ refusals: SyncRefusal[]; problem?: string }>;
  /** Takes one off the list once someone has read it. */
  'sync-refusal-dismiss': (input: { key: string }) => Promise<{ refusals: SyncRefusal[]; problem?: string }>;
};
