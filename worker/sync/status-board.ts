/**
 * What every tab hears about sync (the badge): the state and its message, the count of changes not yet on the
 * server, a new till's first-pull progress, and the count of changes the server refused. The engine decides;
 * this keeps the figures and says them.
 */
import type { SyncStatus } from '../../commands/sync';
import type { BackendEvent, SyncProgress, SyncState } from '../../commands/events';
import { PendingGauge } from './pending';

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
