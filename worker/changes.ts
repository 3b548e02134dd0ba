/**
 * Turns the databases' changes feeds (local writes and replicated ones alike, through ./changes-hub.ts) into
 * `changed` events, batched per tick so a bulk write of 500 lines makes one event, not 500.
 */
import type { BackendEvent } from '../commands/events';
import type { Databases } from './db';
import { changesHub, type Subscription } from './changes-hub';

type Options = { onShared?: () => void };

/** One frame: a bulk write of hundreds of documents becomes one or two events, and the UI refetches once. */
const BATCH_MS = 16;
/**
 * A flush this large is a replication pouring in (a new till's first pull brings 2,000 documents a batch): the
 * next event waits a second, so the screens refetch once a second instead of every frame while it lasts.
 */
const FLOOD_IDS = 500;
const FLOOD_MS = 1000;

export function watchChanges(db: Databases, emit: (e: BackendEvent) => void, options: Options = {}) {
  let types = new Set<string>();
  let ids = new Set<string>();
  let scheduled = false;
  let flooded = false;

  const flush = () => {
    scheduled = false;
    flooded = ids.size >= FLOOD_IDS;
    if (!ids.size) return;
    const event: BackendEvent = { kind: 'changed', types: [...types], ids: [...ids] };
    types = new Set();
    ids = new Set();
    emit(event);
  };

  const note = (kind: string, id: string) => {
    types.add(kind);
    ids.add(id);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, flooded ? FLOOD_MS : BATCH_MS);
    }
  };

  // Last sequence each feed has handled; settled() compares it to the database's own update_seq.
  const seen = { main: 0, shared: 0 };
  let subscriptions: Subscription[] = [];
  let cancelled = false;
  const started = Promise.all([db.main.info(), db.shared.info()]).then(([m, s]) => {
    seen.main = Math.max(seen.main, Number(m.update_seq));
    seen.shared = Math.max(seen.shared, Number(s.update_seq));
    if (cancelled) return;
    // From the sequences just read: the changes made from now on (what `since: 'now'` means to PouchDB).
    subscriptions = [
      changesHub(db.main).subscribe(seen.main, (c) => {
        seen.main = Math.max(seen.main, Number(c.seq));
        note(c.doc?.stores ?? (c.deleted ? 'deleted' : 'unknown'), c.id);
      }),
      changesHub(db.shared).subscribe(seen.shared, (c) => {
        seen.shared = Math.max(seen.shared, Number(c.seq));
        options.onShared?.();
        note(c.doc?.stores ?? 'shared', c.id);
      }),
    ];
  });

  return {
    cancel: () => {
      cancelled = true;
      subscriptions.forEach((s) => s.cancel());
    },
    /** Resolves once both feeds have handled every write made so far and the event batch is flushed. */
    settled: async () => {
      await started;
      const began = Date.now();
      for (;;) {
        const [m, s] = await Promise.all([db.main.info(), db.shared.info()]);
        if (seen.main >= Number(m.update_seq) && seen.shared >= Number(s.update_seq) && !scheduled) return;
        if (Date.now() - began > 10000) throw new Error("changes feed did not catch up within 10 s");
        await new Promise((r) => setTimeout(r, 2));
      }
    },
  };
}
