/** The spec's app version (constants, both documents). */
export const APP_VERSION = '2.6.5';
/** Idle time before the lock screen. */
export const IDLE_MS = 150000;
/** Replication batch size. */
export const SYNC_BATCH_SIZE = 512;
