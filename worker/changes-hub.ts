/**
 * One live changes feed per database, shared by everything in the worker that follows it (the changed events,
 * the ledger, the item index). IndexedDB's changes feed walks a cursor over every new document and each live
 * feed walks it again, so three followers of main read every arriving document three times: during a new
 * till's first pull that is hundreds of thousands of reads (scripts/bench/README.md, "Initial sync"). Here
 * each arriving change is read once and handed to every subscriber.
 *
 * A subscriber starts from its own sequence. One behind the feed first reads what it missed, a page at a time
 * (its backfill), then joins the live feed. Every subscriber sees each change past its sequence once, in
 * sequence order: a change at or below the last one it was handed is never handed to it again.
 */
import type { Database } from './pouch';

export type Change<Doc extends {} = Record<string, unknown>> = PouchDB.Core.ChangesResponseChange<Doc>;
export type Subscription = { cancel(): void };

/** Changes read per request while a subscriber catches up with the live feed. */
const BACKFILL_PAGE = 1000;
/**
 * A live feed that fails is opened again from the last sequence it handed out, after this long times the
 * failures in a row (capped): the ledger and the item index must not silently stop following the database.
 */
const RESTART_MS = 1000;
const RESTART_MAX_MS = 30_000;

type Subscriber<Doc extends {}> = {
  /** The last sequence handed to it (or the one it asked to start after). */
  pos: number;
  /** False while it is still reading what it missed: the live feed skips it meanwhile. */
  live: boolean;
  cancelled: boolean;
  onChange: (c: Change<Doc>) => void;
  onError: (e: unknown) => void;
};

export class ChangesHub<Doc extends {} = Record<string, unknown>> {
  private readonly subscribers = new Set<Subscriber<Doc>>();
  private feed: PouchDB.Core.Changes<Doc> | undefined;
  /** The last sequence the live feed handed out, or the one it started after. */
  private head = 0;
  /** Bumped on every change the live feed hands out: a backfill read that saw none go by has missed none. */
  private handedOut = 0;
  private closed = false;
  private failures = 0;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Database<Doc>) {
    db.once('closed', () => this.close());
  }

  /** Hands `onChange` every change after sequence `since`, each once, in order, until cancelled. */
  subscribe(since: number, onChange: (c: Change<Doc>) => void, onError: (e: unknown) => void = (e) => console.error('changes feed failed', e)): Subscription {
    const sub: Subscriber<Doc> = { pos: since, live: false, cancelled: false, onChange, onError };
    if (this.closed) return { cancel: () => undefined };
    this.subscribers.add(sub);
    if (!this.feed && !this.restartTimer) {
      this.start(since);
      sub.live = true;
    } else if (since >= this.head) sub.live = true;
    else void this.backfill(sub);
    return {
      cancel: () => {
        sub.cancelled = true;
        this.subscribers.delete(sub);
        if (!this.subscribers.size) this.stop();
      },
    };
  }

  /** How many follow the feed (tests). */
  get size(): number {
    return this.subscribers.size;
  }

  private start(since: number): void {
    this.head = since;
    this.feed = this.db.changes({ since, live: true, include_docs: true });
    const feed = this.feed;
    feed.on('change', (c) => {
      const seq = Number(c.seq);
      if (seq > this.head) this.head = seq;
      this.failures = 0;
      this.handedOut++;
      for (const sub of this.subscribers) if (sub.live) this.hand(sub, c);
    });
    feed.on('error', (e) => {
      for (const sub of this.subscribers) sub.onError(e);
      if (this.feed !== feed) return;
      feed.cancel();
      // Subscribers keep their place (a change at or below it is never handed again), so the new feed simply
      // starts after the last change handed out; a subscriber still backfilling goes on reading its pages.
      this.feed = undefined;
      const wait = Math.min(RESTART_MS * ++this.failures, RESTART_MAX_MS);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.closed && !this.feed && this.subscribers.size) this.start(this.head);
      }, wait);
    });
  }

  /** How many times in a row the live feed failed (tests). */
  get failuresInARow(): number {
    return this.failures;
  }

  private stop(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    this.feed?.cancel();
    this.feed = undefined;
  }

  private hand(sub: Subscriber<Doc>, c: Change<Doc>): void {
    const seq = Number(c.seq);
    if (sub.cancelled || seq <= sub.pos) return;
    sub.pos = seq;
    try {
      sub.onChange(c);
    } catch (e) {
      sub.onError(e);
    }
  }

  /**
   * Reads from the subscriber's sequence until it has everything the live feed has handed out, then makes it
   * live in the same tick (so no change can fall between the two). A short page during which the live feed
   * handed nothing out has seen every write committed before it, and the live feed brings the later ones.
   */
  private async backfill(sub: Subscriber<Doc>): Promise<void> {
    try {
      for (;;) {
        const before = this.handedOut;
        const page = await this.db.changes({ since: sub.pos, limit: BACKFILL_PAGE, include_docs: true });
        if (sub.cancelled || this.closed) return;
        for (const c of page.results) this.hand(sub, c);
        if (page.results.length < BACKFILL_PAGE && (sub.pos >= this.head || this.handedOut === before)) {
          sub.live = true;
          return;
        }
      }
    } catch (e) {
      if (!sub.cancelled) sub.onError(e);
    }
  }

  private close(): void {
    this.closed = true;
    this.stop();
    for (const sub of this.subscribers) sub.cancelled = true;
    this.subscribers.clear();
  }
}

const hubs = new WeakMap<object, ChangesHub<never>>();

/** The one hub of this database, created on first use. */
export function changesHub<Doc extends {}>(db: Database<Doc>): ChangesHub<Doc> {
  let hub = hubs.get(db) as ChangesHub<Doc> | undefined;
  if (!hub) {
    hub = new ChangesHub(db);
    hubs.set(db, hub as unknown as ChangesHub<never>);
  }
  return hub;
}
