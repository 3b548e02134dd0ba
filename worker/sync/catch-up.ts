/**
 * The first pull of a device that is far behind (a new till, a cleared browser): one-shot replications from the
 * server in large batches, before the live sync at the spec's 512 takes over from their checkpoint (a pull's
 * checkpoint does not depend on its batch size, so the live replication resumes where this one stopped).
 * Large batches mean fewer round trips and fewer, larger IndexedDB transactions: see scripts/bench/README.md.
 * The local databases answer the pull's revs_diff with one read a batch (./revs-diff.ts; the same answers, so
 * the live sync keeps it too).
 */
import type { SyncProgress } from '../../commands/events';
import type { Database } from '../pouch';
import { quickRevsDiff } from './revs-diff';

/** Documents per batch while catching up (the live sync's SYNC_BATCH_SIZE is 512). Chosen by the bench. */
export const CATCH_UP_BATCH_SIZE = 2000;
/**
 * The push walks every local change the pull wrote and asks the server which it lacks (none, on a new till):
 * larger batches for it, since each is one small request per batch (ids and revisions only, ~50 bytes each).
 */
export const CATCH_UP_PUSH_BATCH_SIZE = 5000;
/** Batches PouchDB may hold fetched ahead of the writes. */
export const CATCH_UP_BATCHES_LIMIT = 2;
/** Progress is reported at most this often. */
const REPORT_MS = 500;
/** The estimate waits for this much of a rate before it speaks. */
const ESTIMATE_AFTER_MS = 3000;

type Pair = { local: Database; remote: Database };
/** PouchDB's replication also reports its checkpoints (not in its typings). */
type CheckpointEvents = { on(event: 'checkpoint', listener: (c: { checkpoint?: number | string }) => void): unknown };
type Cancellable = { cancel(): void };

export type CatchUp = { done: Promise<void>; cancel(): void };

/**
 * Pulls every pair at once; `report` hears documents synced of the server's total and a time estimate. Then
 * pushes every pair once in the same large batches: PouchDB's push walks every local change, pulled ones
 * included (it asks the server which it lacks, a batch a request), so the live push would otherwise make a
 * round trip per 512 documents just pulled before it could report Synced. `pushed` hears the push checkpoints.
 * Rejects with the first replication's error (the caller decides: sign in again, or leave it to live sync).
 */
export function catchUp(pairs: Pair[], report: (p: SyncProgress) => void, pushed: (pair: number, seq: number | string) => void): CatchUp {
  const running: Cancellable[] = [];
  let cancelled = false;
  const done = (async () => {
    const infos = await Promise.all(pairs.map(async ({ local, remote }) => ({ remote: (await remote.info()).doc_count, local: (await local.info()).doc_count })));
    if (cancelled) return;
    const total = infos.reduce((n, i) => n + i.remote, 0);
    const base = infos.reduce((n, i) => n + Math.min(i.local, i.remote), 0);
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
    report(progress());
    await Promise.all(
      pairs.map(({ local, remote }, i) => {
        quickRevsDiff(local);
        const rep = local.replicate.from(remote, { batch_size: CATCH_UP_BATCH_SIZE, batches_limit: CATCH_UP_BATCHES_LIMIT });
        running.push(rep);
        if (cancelled) rep.cancel();
        rep.on('change', (info) => {
          written[i] = info.docs_written;
          // At most one report per REPORT_MS, and the last batch's always (a slow next batch must not hide it).
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
        });
        return rep;
      }),
    );
    if (trailing) clearTimeout(trailing);
    if (cancelled) return;
    await Promise.all(
      pairs.map(({ local, remote }, i) => {
        const rep = local.replicate.to(remote, { batch_size: CATCH_UP_PUSH_BATCH_SIZE, batches_limit: CATCH_UP_BATCHES_LIMIT });
        running.push(rep);
        if (cancelled) rep.cancel();
        (rep as unknown as CheckpointEvents).on('checkpoint', (c) => {
          if (c.checkpoint !== undefined) pushed(i, c.checkpoint);
        });
        return rep;
      }),
    );
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      for (const r of running) r.cancel();
    },
  };
}
