/** Events the backend publishes to its subscribers (the UI's signals refetch on these). */

/** Documents of these `stores` types (and these ids) changed: local writes and replicated ones alike. */
export type ChangedEvent = { kind: 'changed'; types: string[]; ids: string[] };

export type SyncState = 'off' | 'syncing' | 'paused' | 'offline' | 'error';

/** Replication status: `pending` counts local changes not yet pushed to the server. */
export type SyncEvent = { kind: 'sync'; state: SyncState; pending: number; message?: string };

export type BackendEvent = ChangedEvent | SyncEvent;

export type Unsubscribe = () => void;
