/**
 * Follows one business's main database for SMS messages: a long-poll on its changes feed from this
 * dispatcher's own checkpoint, delivering each message in turn (one at a time per business, so its budget
 * is never raced from inside one process). The checkpoint (directory document `sms-dispatch:{by}:{business}`)
 * holds the last sequence fully handled and the messages waiting for a retry, so a restart neither skips a
 * message (it resumes at the first sequence not yet handled) nor forgets a retry.
 */
import { ID_PREFIX } from '../../commands/lib/ids';
import { businessDb, DIRECTORY_DB } from '../couch/names';
import { deliver, retryWindow, type DispatchOptions } from './deliver';
import { saneTime } from './times';

type Checkpoint = { _id: string; _rev?: string; type: 'sms-dispatch'; since: string | number; pending: Record<string, number> };
type ChangesAnswer = { results: { id: string; deleted?: boolean }[]; last_seq: string | number };

const POLL_TIMEOUT_MS = 25_000;
const ERROR_PAUSE_MS = 2_000;

export class BusinessFollower {
  private stopped = false;
  private chain: Promise<void> = Promise.resolve();
  private checkpoint!: Checkpoint;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly o: DispatchOptions,
    readonly business: string,
  ) {}

  private get id() {
    return `sms-dispatch:${this.o.by}:${this.business}`;
  }

  async start(): Promise<void> {
    this.checkpoint = (await this.o.couch.get<Checkpoint>(DIRECTORY_DB, this.id)) ?? { _id: this.id, type: 'sms-dispatch', since: 0, pending: {} };
    for (const [message, at] of Object.entries(this.checkpoint.pending)) this.later(message, at);
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
  }

  /** Runs one delivery after the ones before it; remembers a retry time it answers. */
  private enqueue(message: string): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.stopped) return;
      let retryAt: number | undefined;
      try {
        retryAt = (await deliver(this.o, this.business, message)).retryAt;
      } catch (e) {
        // The database did not answer: look again later rather than pass the message by.
        console.error(`SMS ${message}: delivery failed`, e instanceof Error ? e.message : e);
        retryAt = this.o.clock() + this.o.retryMs;
      }
      if (retryAt === undefined) delete this.checkpoint.pending[message];
      else {
        // Never a time beyond the dispatcher's own longest wait (the lease or the back-off; ./times.ts).
        const at = saneTime(retryAt, this.o.clock(), Math.max(retryWindow(this.o), this.o.leaseMs));
        this.checkpoint.pending[message] = at;
        this.later(message, at);
      }
    });
    return this.chain;
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
    const db = encodeURIComponent(businessDb(this.business, 'main'));
    while (!this.stopped) {
      try {
        const since = encodeURIComponent(String(this.checkpoint.since));
        const res = await this.o.couch.request<ChangesAnswer>('GET', `/${db}/_changes?feed=longpoll&timeout=${POLL_TIMEOUT_MS}&limit=500&since=${since}`);
        if (res.status === 404) return; // the business's database is gone
        if (res.status >= 300) throw new Error(`changes answered ${res.status}`);
        const messages = res.body.results.filter((c) => c.id.startsWith(ID_PREFIX.sms) && !c.deleted);
        for (const c of messages) await this.enqueue(c.id);
        if (this.stopped) return;
        if (String(res.body.last_seq) !== String(this.checkpoint.since) || messages.length) {
          this.checkpoint.since = res.body.last_seq;
          await this.save();
        }
      } catch (e) {
        if (this.stopped) return;
        console.error(`SMS dispatcher for ${this.business}:`, e instanceof Error ? e.message : e);
        await new Promise((r) => setTimeout(r, ERROR_PAUSE_MS));
      }
    }
  }
}
