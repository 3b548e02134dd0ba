/**
 * The shell's two storage notices: a quiet badge in the top bar when the browser refused persistent storage
 * (it may then evict this device's data when its disk runs low), and a clear alert above the screen while the
 * device's storage is full (the worker reports a refused write; the next write that succeeds clears it).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { storageFull } from '../events';
import { storagePersisted } from '../storage';

/** Shorter than the failed command's own message (STORAGE_FULL_MESSAGE), which the screen shows beside it. */
export const STORAGE_FULL_NOTICE = "This device's storage is full: new changes cannot be saved here until space is freed. Everything saved before is safe.";

export const NOT_PERSISTENT_LABEL = 'Browser may clear local data';
const NOT_PERSISTENT_TEXT =
  "This browser did not grant persistent storage, so it may delete Oja's data on this device when the disk runs low. " +
  'Changes are safe once synced: keep sync on, and install Oja or bookmark it so the browser keeps its data.';

export function StorageBadge() {
  useSignals();
  if (storagePersisted.value !== false) return null;
  return (
    <span className="badge badge-quiet" role="note" data-testid="storage-notice" title={NOT_PERSISTENT_TEXT} aria-label={NOT_PERSISTENT_TEXT}>
      {NOT_PERSISTENT_LABEL}
    </span>
  );
}

export function StorageFullAlert() {
  useSignals();
  if (!storageFull.value) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="storage-full">
      {STORAGE_FULL_NOTICE}
    </div>
  );
}
