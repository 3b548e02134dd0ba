/**
 * The first pull of a device that is far behind (a new till, a cleared browser), before the live sync at the
 * spec's 512 takes over from its checkpoints. See scripts/bench/README.md ("Initial sync") for the figures.
 *
 * A database the till has never pulled (no pull checkpoint) takes the snapshot (./snapshot.ts): the server's
 * changes feed in large pages written with `new_edits: false`, then an ordinary replication from the feed's
 * last sequence, which writes its checkpoint there at once so the live pull resumes from it. Its push sends
 * only what the till wrote itself (./own-writes.ts) and then sets the push checkpoint past everything pulled,
 * instead of walking every pulled document to ask the server whether it lacks it.
 *
 * A database pulled before goes on with one-shot replications in large batches (a pull's checkpoint does not
 * depend on its batch size, so the live replication resumes where this one stopped), whose local side
 * answers revs_diff with one read a batch (./revs-diff.ts; the same answers, so the live sync keeps it too).
 */
import type { SyncProgress } from '../../commands/events';
import type { Database } from '../pouch';
import { quickRevsDiff } from './revs-diff';
import { strictInfo } from './remote-db';
import { changedIds, pushDocs, watchOwnWrites, type OwnWrites } from './own-writes';
import { hasPullCheckpoint, snapshotPull } from './snapshot';
import type { CheckpointEvents } from './lane';

/** Documents per batch while catching up (the live sync's SYNC_BATCH_SIZE is 512), and per push batch. */
import { CATCH_UP_BATCH_SIZE, CATCH_UP_PUSH_BATCH_SIZE } from '../../commands/sync';
export { CATCH_UP_BATCH_SIZE, CATCH_UP_PUSH_BATCH_SIZE };
/** Batches PouchDB may hold fetched ahead of the writes. */
export const CATCH_UP_BATCHES_LIMIT = 2;
/**
 * A never-pulled database holding more local changes than this (a snapshot cut short, say) pushes by the
 * walk: sending its own documents one by one would cost more than asking about them in batches.
 */
export const OWN_CHANGES_LIMIT = 2000;
/** Progress is reported at most this often. */
const REPORT_MS = 500;
/** The estimate waits for this much of a rate before it speaks. */
const ESTIMATE_AFTER_MS = 3000;

type Pair = { local: Database; remote: Database };
type Seq = number | string;
type Cancellable = { cancel(): void };
/** How a pair pushes once pulled: by the walk, or its own writes (noted since before the pull) and a checkpoint. */
type Push = { walk: true } | { walk: false; before: Set<string>; own: OwnWrites };

export type CatchUp = { done: Promise<void>; cancel(): void };

/**
 * Pulls every pair at once; `report` hears documents synced of the server's total and a time estimate. Then
 * pushes every pair once. `pushed` hears the push checkpoints (every local change up to it is on the server),
 * `denied` each document the server refused.
 * Rejects with the first error (the caller decides: sign in again, or leave it to live sync).
 */
export function catchUp(
  pairs: Pair[],
  report: (p: SyncProgress) => void,
  pushed: (pair: number, seq: Seq) => void,
  denied: (pair: number, err: unknown) => void,
): CatchUp {
  const running: Cancellable[] = [];
  const recorders: OwnWrites[] = [];
  let cancelled = false;
  const start = <R extends Cancellable>(rep: R): R => {
    running.push(rep);
    if (cancelled) rep.cancel();
    return rep;
  };
  const done = (async () => {
    const infos = await Promise.all(pairs.map(async ({ local, remote }) => ({ remote: (await strictInfo(remote)).doc_count, local: (await local.info()).doc_count })));
    if (cancelled) return;
    const fresh = await Promise.all(pairs.map(async ({ local, remote }) => !(await hasPullCheckpoint(local, remote))));
    if (cancelled) return;
    const total = infos.reduce((n, i) => n + i.remote, 0);
    const base = infos.reduce((n, i, k) => n + (fresh[k] ? 0 : Math.min(i.local, i.remote)), 0);
    const written = pairs.map(() => 0);
    const started = Date.now();
    let reportedAt = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const progress = (): SyncProgress => {
      const done = Math.min(total, base + written.reduce((a, b) => a + b, 0));
      const elapsed = Date.now() - started;
      const rate = (done - base) / elapsed;
      const etaSeconds = elapsed >= ESTIMATE_AFTER_MS && rate > 0 ? Math.ceil((total - done) / rate / 1000) : undefined;
      return { done, total, etaSeconds };
    };
    // At most one report per REPORT_MS, and the last one always (a slow next batch must not hide it).
    const tick = () => {
      if (trailing) return;
      const say = () => {
        trailing = undefined;
        if (cancelled) return;
        reportedAt = Date.now();
        report(progress());
      };
      const wait = reportedAt + REPORT_MS - Date.now();
      if (wait <= 0) say();
      else trailing = setTimeout(say, wait);
    };
    report(progress());

    /** Replication from `since` (from the checkpoint when undefined), adding its documents to `already`. */
    const replicateFrom = (i: number, since: Seq | undefined, already: number) => {
      const { local, remote } = pairs[i];
      quickRevsDiff(local);
      const rep = start(local.replicate.from(remote, { batch_size: CATCH_UP_BATCH_SIZE, batches_limit: CATCH_UP_BATCHES_LIMIT, ...(since === undefined ? {} : { since }) }));
      rep.on('change', (info) => {
        written[i] = already + info.docs_written;
        tick();
      });
      return rep;
    };
    const pull = async (i: number): Promise<Push> => {
      if (!fresh[i]) {
        await replicateFrom(i, undefined, 0);
        return { walk: true };
      }
      const { local, remote } = pairs[i];
      // Noted from before anything is read: a write finished by then is among the changes read, any other
      // is noted when it finishes.
      const own = watchOwnWrites(local).begin();
      recorders.push(own);
      const before = await changedIds(local, OWN_CHANGES_LIMIT);
      const seq = await snapshotPull(local, remote, {
        // Without the list of what it held before (too many), every document is looked up.
        held: (id) => !before || before.has(id) || own.has(id),
        written: (n) => {
          written[i] = n;
          tick();
        },
        cancelled: () => cancelled,
      });
      if (seq === undefined || cancelled) return { walk: true };
      // What changed on the server while the pages were read, and PouchDB's checkpoint at `seq` first.
      await replicateFrom(i, seq, written[i]);
      return before ? { walk: false, before, own } : { walk: true };
    };
    const push = async (i: number, how: Push): Promise<void> => {
      const { local, remote } = pairs[i];
      let since: Seq | undefined;
      if (!how.walk) {
        // Every local change up to `since` is pulled or the till's own (its result in once settled()).
        since = (await local.info()).update_seq;
        await how.own.settled();
        await pushDocs(local, remote, new Set([...how.before, ...how.own.ids()]), (err) => denied(i, err));
        how.own.end();
        if (cancelled) return;
        pushed(i, since);
      }
      const rep = start(local.replicate.to(remote, { batch_size: CATCH_UP_PUSH_BATCH_SIZE, batches_limit: CATCH_UP_BATCHES_LIMIT, ...(since === undefined ? {} : { since }) }));
      (rep as unknown as CheckpointEvents).on('checkpoint', (c) => {
        if (c.checkpoint !== undefined) pushed(i, c.checkpoint);
      });
      rep.on('denied', (err) => denied(i, err));
      await rep;
    };

    try {
      const pushes = await Promise.all(pairs.map((_, i) => pull(i)));
      if (trailing) clearTimeout(trailing);
      if (cancelled) return;
      await Promise.all(pushes.map((how, i) => push(i, how)));
    } finally {
      if (trailing) clearTimeout(trailing);
      for (const r of recorders) r.end();
    }
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      for (const r of running) r.cancel();
    },
  };
}
