/**
 * A full disk. Browsers refuse an IndexedDB write past the site's quota with QuotaExceededError, by aborting
 * the whole transaction, so what was saved before stays and the refused write leaves nothing behind (a sale
 * and its lines are one bulkDocs, one transaction). This module notices it and tells the person clearly:
 *
 *   const watch = new StorageWatch(emit)     one per backend: emits { kind: 'storage', full } on each change
 *   quotaStep(watch)                         declared on every database's writes (worker/writes.ts)
 *   watch.hits                               counts refusals; dispatch compares it around a command
 *   watchIndexedDbQuota()                    browser worker only (see below)
 */
import type { BackendEvent } from '../commands/events';
import type { WriteStep } from './writes';

/** A quota refusal as an adapter reports it: the DOMException itself, or PouchDB's wrapper naming it. */
export function isQuotaError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { name?: unknown; code?: unknown; message?: unknown; reason?: unknown };
  if (err.name === 'QuotaExceededError' || err.code === 22) return true;
  return [err.message, err.reason].some((text) => typeof text === 'string' && /QuotaExceeded|quota exceeded/i.test(text));
}

export class StorageWatch {
  hits = 0;
  full = false;

  constructor(private readonly emit: (e: BackendEvent) => void) {}

  refused(): void {
    this.hits++;
    if (this.full) return;
    this.full = true;
    this.emit({ kind: 'storage', full: true });
  }

  wrote(): void {
    if (!this.full) return;
    this.full = false;
    this.emit({ kind: 'storage', full: false });
  }
}

/**
 * The full-disk watch as a declared step of every write (worker/writes.ts): a write refused for lack of space
 * counts as a refusal, the first one that succeeds afterwards clears the notice. Replicated writes do not pass
 * worker/writes.ts; in the browser the IndexedDB hook below sees their transactions abort all the same.
 */
export function quotaStep(watch: StorageWatch): WriteStep {
  return {
    name: 'full-disk watch',
    observe({ outcome }) {
      const hitsBefore = watch.hits;
      outcome.then(
        (results) => {
          if (results.some((r) => isQuotaError(r))) watch.refused();
          else watch.wrote();
        },
        (e: unknown) => {
          // In the browser the indexeddb adapter reports only 'transaction was aborted'; the IndexedDB hook
          // below has counted the refusal by then.
          if (isQuotaError(e) && watch.hits === hitsBefore) watch.refused();
        },
      );
    },
  };
}

const quotaListeners = new Set<() => void>();
let hooked = false;

/** Calls `listener` whenever an IndexedDB transaction of this worker aborts for lack of space. */
export function onIndexedDbQuota(listener: () => void): () => void {
  quotaListeners.add(listener);
  return () => quotaListeners.delete(listener);
}

/**
 * Browser worker only. PouchDB's indexeddb adapter answers a transaction aborted for lack of space with a
 * generic 'transaction was aborted' and drops the cause; the transaction's own `error` still says
 * QuotaExceededError. Every transaction gets an abort listener, added before PouchDB sets its `onabort`, so it
 * runs first and the write's failure is known to be a full disk by the time PouchDB rejects the write.
 */
export function watchIndexedDbQuota(): void {
  if (hooked || typeof IDBDatabase === 'undefined') return;
  hooked = true;
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof open>) {
    const txn = open.apply(this, args);
    txn.addEventListener('abort', () => {
      if (isQuotaError(txn.error)) quotaListeners.forEach((l) => l());
    });
    return txn;
  } as typeof open;
}
