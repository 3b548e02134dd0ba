/**
 * A look at the server itself, every PROBE_MS while the engine asks (so 'Offline' shows within PROBE_MS +
 * PROBE_TIMEOUT_MS of the server going away). PouchDB's live replication does not
 * always report a server that went away (it sat 'paused' with changes waiting), so the badge could not say
 * 'Offline'; and coming back it may wait out a long back-off. The engine decides what an answer means.
 */
import type { RemoteSession } from './remote-session';

const PROBE_MS = 3000;
/** A server that takes longer than this to answer the look is taken as gone (a cable pulled hangs, not refuses). */
const PROBE_TIMEOUT_MS = 5000;

export class ServerProbe {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** True while a look is due: a second ask before it comes does nothing. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** In PROBE_MS, asks the server's root and hands `then` whether it answered (any status under 500). */
  later(session: RemoteSession, then: (reachable: boolean) => void | Promise<void>): void {
    if (this.timer) return;
    this.timer = setTimeout(async () => {
      this.timer = null;
      const reachable = await session.fetch(`${session.remote}/`, { headers: { Accept: 'application/json' }, cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
        (res) => res.status < 500,
        () => false,
      );
      await then(reachable);
    }, PROBE_MS);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
