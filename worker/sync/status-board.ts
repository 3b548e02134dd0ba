/**
 * What every tab hears about sync (the badge): the state and its message, the count of changes not yet on the
 * server, a new till's first-pull progress, and the count of changes the server refused. The engine decides;
 * this keeps the figures and says them.
 */
import type { SyncStatus } from '../../commands/sync';
import type { BackendEvent, SyncProgress, SyncState } from '../../commands/events';
import { PendingGauge } from './pending';
import type { Database } from '../pouch';

export class StatusBoard {
  state: SyncState = 'off';
  message: string | undefined;
  progress: SyncProgress | undefined;
  refused = 0;
  readonly gauge: PendingGauge;

  constructor(
    private readonly emit: (e: BackendEvent) => void,
    count: (limit: number) => Promise<number>,
  ) {
    this.gauge = new PendingGauge(count);
  }

  /** A new state: the pending count is taken again (not while catching up: see below). */
  async set(state: SyncState, message?: string): Promise<void> {
    this.state = state;
    this.message = message;
    // Not counted while catching up: every pulled document is past the push checkpoint until the catch-up's
    // push, so the count would read a thousand rows a second to say nothing (the badge shows the progress).
    if (!this.progress) await this.gauge.refresh(state !== 'syncing');
  }

  /**
   * Counts again after every local write and says the new count when it moved (issue 39: offline the count was
   * taken only at the server probe's pace, so the badge read 'Offline (9)' while the log-out question, which
   * counts on asking, said 11). Writes in a burst are counted once, after the last. Answers the stop.
   */
  follow(dbs: readonly Database[], quietMs = 150): () => void {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const recount = async () => {
      timer = null;
      // While a new till catches up every pulled document is past the push checkpoint: the progress says it.
      if (this.progress) return;
      const before = this.gauge.value;
      if ((await this.gauge.refresh(true)) !== before) this.announce();
    };
    const feeds = dbs.map((db) =>
      db.changes({ since: 'now', live: true }).on('change', () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void recount(), quietMs);
      }),
    );
    return () => {
      if (timer) clearTimeout(timer);
      for (const f of feeds) f.cancel();
    };
  }

  /** A new count of refused changes; said at once when it moved. */
  setRefused(n: number): void {
    if (n === this.refused) return;
    this.refused = n;
    this.announce();
  }

  status(): SyncStatus {
    return { state: this.state, pending: this.gauge.value, message: this.message, progress: this.progress, refused: this.refused };
  }

  announce(): void {
    this.emit({ kind: 'sync', ...this.status() });
  }
}
