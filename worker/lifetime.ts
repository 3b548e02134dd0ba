/**
 * When a shared worker ends itself. It lives while any page that ever connected to it lives, even after that
 * page switched to another business: left running, it would keep syncing for nobody, and its three long-poll
 * requests would hold half of the browser's six connections to the server (the other business's sync holds the
 * rest, and every API call then waits). So when its last tab leaves it stops sync at once (`idle`) and ends
 * itself (`end`) a moment later; the moment lets a tab that switches straight back find it still open rather
 * than closing under it.
 *
 * A command being answered keeps it too, and the moment starts again when the last one is answered, or when a
 * page connects: a connection that only sends commands (a page seeding the business right after the business's
 * tab left, as the browser tests do) is no tab, and ending under it left its command unanswered for ever.
 */
export class WorkerLifetime {
  private tabs = 0;
  private commands = 0;
  /** A tab has been and none is left: only then does the worker end (a fresh one waits for its first tab). */
  private deserted = false;
  private timer: unknown = null;

  constructor(
    private readonly idle: () => void,
    private readonly end: () => void,
    private readonly timers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) },
    private readonly graceMs = LAST_TAB_GRACE_MS,
  ) {}

  joined(): void {
    this.tabs++;
    this.deserted = false;
    this.cancel();
  }

  left(): void {
    if (--this.tabs > 0) return;
    this.deserted = true;
    this.idle();
    this.arm();
  }

  /** A page connected: whatever it sends first, it gets the whole moment to send it. */
  connected(): void {
    this.arm();
  }

  commandStarted(): void {
    this.commands++;
    this.cancel();
  }

  commandEnded(): void {
    this.commands--;
    this.arm();
  }

  private arm(): void {
    if (!this.deserted || this.tabs > 0 || this.commands > 0) return;
    this.cancel();
    this.timer = this.timers.set(this.end, this.graceMs);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };

/**
 * How long a worker whose tabs have all left stays for one that comes back (a page switching business and back,
 * a page that unlocked it and then opens the app: the browser tests' openAs). Since a new worker starts locked
 * (worker/lock.ts), ending too soon sends that page to the lock screen: 2 s proved too short on a loaded 2-core
 * machine. Sync stops at once when the last tab leaves, whatever this is; and the browser itself ends a shared
 * worker the moment no page at all is connected to it (src/lock.ts says how a reload stays unlocked).
 */
export const LAST_TAB_GRACE_MS = 10_000;
