/**
 * Follows one business's main database for SMS messages: its changes feed read from this dispatcher's own
 * checkpoint whenever the server's feed of changed databases names it (or a long-poll of its own where the
 * server has no such feed), delivering up to DELIVERIES_AT_ONCE of its messages at a time (each takes about
 * ten requests; one at a time, a burst of messages from a busy shop waited for each other: bench:server's
 * dispatch p95 was 7.7-9.5 s under writes; the business's budget is updated by one of them at a time, see
 * ./budget.ts). The checkpoint (directory document `sms-dispatch:{by}:{business}`)
 * holds the last sequence fully handled and the messages waiting for a retry, so a restart neither skips a
 * message (it resumes at the first sequence not yet handled) nor forgets a retry.
 */
import { ID_PREFIX } from '../../commands/lib/ids';
import { businessDb, DIRECTORY_DB } from '../couch/names';
import { deliver, retryWindow, type DispatchOptions } from './deliver';
import { migrateSmsUnits } from './migrate';
import { saneTime } from './times';

/** `migrated`: the business's old SMS counter was turned into credits (./migrate.ts), never looked for again. */
type Checkpoint = { _id: string; _rev?: string; type: 'sms-dispatch'; since: string | number; pending: Record<string, number>; migrated?: boolean };
type ChangesAnswer = { results: { id: string; deleted?: boolean }[]; last_seq: string | number };

const POLL_TIMEOUT_MS = 25_000;
/** Changes read at a time. */
const PAGE = 500;
const ERROR_PAUSE_MS = 2_000;
/**
 * How soon the changes are read after a write whose messages the feed named (at most one read a business in
 * that time). Soon, while the database is still among the open ones (../couch/open-dbs.ts): at 30 s, the reads
 * after a burst of registrations each opened a closed database again (bench:server: 27 % of a core 15 s after
 * 1,000 registrations).
 */
const CATCH_UP_MS = 2_000;
/** Settled messages remembered, so the feed's naming of the dispatcher's own writes costs nothing. */
const SETTLED_KEPT = 200;
/** Messages of one business being delivered at once. */
const DELIVERIES_AT_ONCE = 4;

export class BusinessFollower {
  private stopped = false;
  private gone = false;
  /** Deliveries under way, and those waiting for one of them to end. */
  private delivering = 0;
  private readonly waitingTurn: (() => void)[] = [];
  private checkpoint!: Checkpoint;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * The dispatcher's feed answer (its number) since which this business may hold changes not yet read; undefined
   * when read to the end. The dispatcher keeps the feed position before the oldest of these (./dispatcher.ts).
   */
  dirtyFrom: number | undefined;
  /** Pokes so far, and whether one came before start() had the checkpoint. */
  private pokes = 0;
  private pokedEarly = false;

  constructor(
    private readonly o: DispatchOptions,
    readonly business: string,
    batch: number,
  ) {
    this.dirtyFrom = batch;
  }

  private get id() {
    return `sms-dispatch:${this.o.by}:${this.business}`;
  }

  /**
   * `live`: this follower long-polls its business's changes itself (when the server has no `_db_updates`);
   * otherwise it catches up now and again at each poke() from the dispatcher's one feed of changed databases.
   * `catchUp` false: the feed says the business did not change since this dispatcher last read it to the end,
   * so its changes are not read (its databases are not even opened) until it changes; a business without a
   * checkpoint is read all the same.
   */
  async start(live: boolean, catchUp = true): Promise<void> {
    const stored = await this.o.couch.get<Checkpoint>(DIRECTORY_DB, this.id);
    this.checkpoint = stored ?? { _id: this.id, type: 'sms-dispatch', since: 0, pending: {} };
    if (!this.checkpoint.migrated) {
      await migrateSmsUnits(this.o.couch, this.business, this.o.clock());
      this.checkpoint.migrated = true;
      await this.save();
    }
    for (const [message, at] of Object.entries(this.checkpoint.pending)) this.later(message, at);
    if (live) void this.loop();
    else if (catchUp || !stored?.migrated || this.pokedEarly) this.poke();
    else this.dirtyFrom = undefined;
  }

  private catching = false;
  private again = false;

  private lateCatchUp: ReturnType<typeof setTimeout> | undefined;

  /**
   * The business's database changed: read its changes from the checkpoint (once more if already reading).
   * `ids` (when the server's feed names the messages written, ../couch/db-updates.ts): those are delivered
   * now, and the changes are read within CATCH_UP_MS only (off the messages' way), to move the checkpoint (and to find any message
   * the feed did not name); a restart reads them from the checkpoint, so a message is never skipped.
   */
  poke(ids?: string[], batch?: number): void {
    if (batch !== undefined) this.dirtyFrom ??= batch;
    this.pokes += 1;
    if (!this.checkpoint) {
      // start() reads the changes once it has the checkpoint.
      this.pokedEarly = true;
      return;
    }
    if (ids && !this.stopped) {
      // The dispatcher's own writes (claim, sent) are named too: a message under way or settled here is let be.
      for (const id of ids) if (id.startsWith(ID_PREFIX.sms) && !this.inFlight.has(id) && !this.settled.has(id)) void this.enqueue(id);
      this.lateCatchUp ??= setTimeout(() => {
        this.lateCatchUp = undefined;
        this.poke();
      }, this.o.catchUpMs ?? CATCH_UP_MS);
      return;
    }
    if (this.catching) {
      this.again = true;
      return;
    }
    this.catching = true;
    void (async () => {
      let seen = this.pokes;
      do {
        this.again = false;
        seen = this.pokes;
        try {
          while (!this.stopped && (await this.pass('normal')) === PAGE) {
            // a full page: more may follow
          }
        } catch (e) {
          if (this.stopped) break;
          console.error(`SMS dispatcher for ${this.business}:`, e instanceof Error ? e.message : e);
          await new Promise((r) => setTimeout(r, ERROR_PAUSE_MS));
          this.again = true;
        }
      } while (this.again && !this.stopped);
      this.catching = false;
      // Read to the end, with no poke since the read began and no read still to come.
      if (this.stopped || (this.pokes === seen && !this.lateCatchUp)) this.dirtyFrom = undefined;
    })();
  }

  stop(): void {
    this.stopped = true;
    this.dirtyFrom = undefined;
    clearTimeout(this.lateCatchUp);
    for (const t of this.timers.values()) clearTimeout(t);
  }

  private readonly inFlight = new Map<string, Promise<void>>();
  /** Messages this follower last settled (sent, failed or not its to send), most recent last. */
  private readonly settled = new Set<string>();

  /**
   * Runs one delivery once fewer than DELIVERIES_AT_ONCE are under way (in the order asked); remembers a retry
   * time it answers. A message already being delivered (its own writes name it again in the changes) is
   * delivered again after, never beside itself, as when they all ran in turn.
   */
  private enqueue(message: string): Promise<void> {
    const before = this.inFlight.get(message);
    const run: Promise<void> = (before ? before.then(() => this.deliverInTurn(message)) : this.deliverInTurn(message)).finally(() => {
      if (this.inFlight.get(message) === run) this.inFlight.delete(message);
    });
    this.inFlight.set(message, run);
    return run;
  }

  private async deliverInTurn(message: string): Promise<void> {
    // A slot is handed from a delivery that ends straight to the next waiting (see finally).
    if (this.delivering >= DELIVERIES_AT_ONCE) await new Promise<void>((turn) => this.waitingTurn.push(turn));
    else this.delivering += 1;
    try {
      if (this.stopped) return;
      let retryAt: number | undefined;
      try {
        retryAt = (await deliver(this.o, this.business, message)).retryAt;
      } catch (e) {
        // The database did not answer: look again later rather than pass the message by.
        console.error(`SMS ${message}: delivery failed`, e instanceof Error ? e.message : e);
        retryAt = this.o.clock() + this.o.retryMs;
      }
      if (retryAt === undefined) {
        delete this.checkpoint.pending[message];
        this.settled.add(message);
        if (this.settled.size > SETTLED_KEPT) this.settled.delete(this.settled.values().next().value!);
      } else {
        // Never a time beyond the dispatcher's own longest wait (the lease or the back-off; ./times.ts).
        const at = saneTime(retryAt, this.o.clock(), Math.max(retryWindow(this.o), this.o.leaseMs));
        this.checkpoint.pending[message] = at;
        this.later(message, at);
      }
    } finally {
      const next = this.waitingTurn.shift();
      if (next) next();
      else this.delivering -= 1;
    }
  }

  private later(message: string, at: number): void {
    clearTimeout(this.timers.get(message));
    const now = this.o.clock();
    const wait = saneTime(at, now, Math.max(retryWindow(this.o), this.o.leaseMs)) - now;
    this.timers.set(
      message,
      setTimeout(() => {
        this.timers.delete(message);
        // The checkpoint is written only when the retry changed what it holds.
        const before = JSON.stringify(this.checkpoint.pending);
        void this.enqueue(message).then(() => (JSON.stringify(this.checkpoint.pending) === before ? undefined : this.save()));
      }, wait),
    );
  }

  private saving: Promise<void> = Promise.resolve();

  /** Saves the checkpoint; saves queue behind each other (the feed and retry timers both save). */
  private save(): Promise<void> {
    this.saving = this.saving.then(async () => {
      if (this.stopped) return;
      const path = `/${DIRECTORY_DB}/${encodeURIComponent(this.id)}`;
      let res = await this.o.couch.request<{ rev?: string }>('PUT', path, this.checkpoint);
      if (res.status === 409) {
        // Only this follower writes it; a 409 means a write whose answer was lost: take the stored revision.
        this.checkpoint._rev = (await this.o.couch.get<Checkpoint>(DIRECTORY_DB, this.id))?._rev;
        res = await this.o.couch.request<{ rev?: string }>('PUT', path, this.checkpoint);
      }
      if (res.status < 300) this.checkpoint._rev = res.body.rev;
      else console.error(`SMS checkpoint of ${this.business}: ${res.status}`);
    });
    return this.saving;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.pass('longpoll');
      } catch (e) {
        if (this.stopped) return;
        console.error(`SMS dispatcher for ${this.business}:`, e instanceof Error ? e.message : e);
        await new Promise((r) => setTimeout(r, ERROR_PAUSE_MS));
      }
    }
  }

  /** One read of the changes after the checkpoint: delivers the messages in it, moves the checkpoint; how many changes it held. */
  private async pass(feed: 'normal' | 'longpoll'): Promise<number> {
    if (this.gone) return 0;
    const db = encodeURIComponent(businessDb(this.business, 'main'));
    const since = encodeURIComponent(String(this.checkpoint.since));
    const wait = feed === 'longpoll' ? `feed=longpoll&timeout=${POLL_TIMEOUT_MS}&` : '';
    const res = await this.o.couch.request<ChangesAnswer>('GET', `/${db}/_changes?${wait}limit=${PAGE}&since=${since}`);
    if (res.status === 404) {
      // the business's database is gone
      this.gone = true;
      this.stopped = true;
      return 0;
    }
    if (res.status >= 300) throw new Error(`changes answered ${res.status}`);
    const messages = res.body.results.filter((c) => c.id.startsWith(ID_PREFIX.sms) && !c.deleted);
    await Promise.all(messages.map((c) => this.enqueue(c.id)));
    if (this.stopped) return 0;
    if (String(res.body.last_seq) !== String(this.checkpoint.since) || messages.length) {
      this.checkpoint.since = res.body.last_seq;
      await this.save();
    }
    return res.body.results.length;
  }
}
