/**
 * The live part of sync: one replication per database (./lane.ts; the remote opened with skip_setup: only the
 * server creates databases) after a first catch-up pull in large batches (./catch-up.ts) that reports its
 * progress; the badge's figures (./status-board.ts); a look at the server every few seconds (./probe.ts) so
 * 'Offline' and 'Synced' are true; and the server's refusals, listed and undone (./refusals.ts). Signing in and
 * recovering from a refusal of the credentials or a stopped replication are ./engine.ts's.
 */
import type { SyncStatus } from '../../commands/sync';
import type { BackendEvent, SyncState } from '../../commands/events';
import type { Databases } from '../db';
import { PushedSeqs, type SyncedKind } from './pending';
import { StatusBoard } from './status-board';
import { catchUp, type CatchUp } from './catch-up';
import { RecentEvents } from './recent-events';
import { isAuthError } from './retry';
import type { RemoteSession } from './remote-session';
import { KINDS, openLane, remoteName, remoteOf, type Lane } from './lane';
import { ServerProbe } from './probe';
import { Refusals, type Denial } from './refusals';

export abstract class LiveSync {
  protected session: RemoteSession | null = null;
  protected lanes = new Map<SyncedKind, Lane>();
  protected attempt = 0;
  protected timer: ReturnType<typeof setTimeout> | null = null;
  protected generation = 0;
  protected readonly pushed: PushedSeqs;
  protected readonly board: StatusBoard;
  protected readonly probe = new ServerProbe();
  /** The last probe found the server unreachable: the state is 'offline' whatever the idle lanes say. */
  protected unreachable = false;
  /** The first pull in large batches, while it runs; once it has finished, restarts go straight to live sync. */
  protected catchingUp: CatchUp | null = null;
  protected caughtUp = false;
  /** Stops the badge's count following local writes (./status-board.ts follow), while live sync runs. */
  private unfollow: (() => void) | null = null;
  /** Changes the server did not accept (./refusals.ts); the board counts them for the badge. */
  readonly refusals: Refusals;

  constructor(
    protected readonly dbs: Databases,
    protected readonly name: string,
    protected readonly emit: (e: BackendEvent) => void,
    /** Called after shared documents arrive from the server (the spec's GET /sms/{shared id}). */
    protected readonly onSharedPulled: (remote: string, sharedDb: string) => void = () => undefined,
  ) {
    this.pushed = new PushedSeqs(dbs.local);
    this.board = new StatusBoard(emit, (limit) => this.pending(limit));
    this.refusals = new Refusals(dbs.local, (n) => this.board.setRefused(n));
  }

  /** The server refused a pushed document: listed and undone on the till (./refusals.ts), never silent. */
  protected denied(kind: SyncedKind, err: unknown): void {
    this.recent.note(kind, 'refused', (err as { doc?: Denial }).doc?.reason);
    if (this.session) this.refusals.denied(kind, err, this.dbs[kind], remoteOf(this.session, this.name, kind));
  }

  async status(): Promise<SyncStatus> {
    return this.board.status();
  }

  /** status() with each lane's state and the last replication events: what sync-status answers. */
  async report(): Promise<SyncStatus> {
    const lanes = Object.fromEntries([...this.lanes.entries()].map(([kind, lane]) => [kind, lane.state]));
    return { ...(await this.status()), lanes, recent: this.recent.list() };
  }

  protected readonly recent = new RecentEvents();

  pending(limit?: number): Promise<number> {
    return this.pushed.count({ main: this.dbs.main, shared: this.dbs.shared, denormalized: this.dbs.denormalized }, limit);
  }

  /** Stops every replication and any pending restart; a later start or restart opens new ones. */
  protected teardown(): void {
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.probe.cancel();
    for (const lane of this.lanes.values()) lane.handle.cancel();
    this.lanes.clear();
    this.catchingUp?.cancel();
    this.catchingUp = null;
    this.board.progress = undefined;
    this.unfollow?.();
    this.unfollow = null;
  }

  /** The first connection of a session catches up in large batches; every later one (restarts) goes live at once. */
  protected connect(): void {
    if (this.caughtUp) this.goLive();
    else this.catchUpFirst();
  }

  /**
   * Pulls what the server has in large batches, reporting progress, then goes live. An expired sign-in is
   * handled as in live sync; any other failure (offline, say) leaves it to the live sync, which retries.
   */
  protected catchUpFirst(): void {
    const session = this.session;
    if (!session) return;
    const generation = this.generation;
    const current = () => generation === this.generation;
    const run = catchUp(
      KINDS.map((kind) => ({ local: this.dbs[kind], remote: remoteOf(session, this.name, kind) })),
      (p) => {
        if (!current()) return;
        this.board.progress = p;
        void this.setState('syncing');
      },
      (i, seq) => void this.pushed.mark(KINDS[i], seq),
      (i, err) => this.denied(KINDS[i], err),
    );
    this.catchingUp = run;
    void this.setState('syncing');
    const live = () => {
      this.catchingUp = null;
      this.board.progress = undefined;
      this.goLive();
    };
    run.done.then(
      () => {
        if (!current()) return;
        this.caughtUp = true;
        this.onSharedPulled(session.remote, remoteName(this.name, 'shared'));
        live();
      },
      (err: unknown) => {
        if (!current()) return;
        // Signed out mid-way (a session shorter than a large batch's gap between requests, a changed password):
        // sign in again and go on live, from the checkpoints, rather than meet the same expiry again.
        if (isAuthError(err)) {
          this.caughtUp = true;
          this.reauthenticate();
        } else live();
      },
    );
  }

  protected goLive(): void {
    const session = this.session;
    if (!session) return;
    const generation = this.generation;
    const current = () => generation === this.generation;
    this.unfollow?.();
    this.unfollow = this.board.follow(KINDS.map((kind) => this.dbs[kind]));
    for (const kind of KINDS) {
      const lane: Lane = openLane(this.dbs[kind], remoteOf(session, this.name, kind), current, {
        checkpoint: (seq) => void this.pushed.mark(kind, seq),
        active: () => {
          if (lane.state !== 'syncing') this.recent.note(kind, 'active');
          this.laneState(lane, 'syncing');
        },
        paused: (err) => {
          this.recent.note(kind, 'paused', err);
          if (err && isAuthError(err)) return this.reauthenticate();
          if (!err) {
            this.attempt = 0;
            void this.pushed.saved().then(() => current() && this.laneState(lane, 'paused'));
            return;
          }
          this.laneState(lane, 'offline');
        },
        denied: (err) => this.denied(kind, err),
        change: (info) => {
          if (info.direction === 'pull' && kind === 'shared' && info.change.docs.length) this.onSharedPulled(session.remote, remoteName(this.name, kind));
          this.laneState(lane, 'syncing');
        },
        error: (err) => {
          this.recent.note(kind, 'error', err);
          if (isAuthError(err)) this.reauthenticate();
          else this.restartLater(err);
        },
      });
      this.lanes.set(kind, lane);
      this.recent.note(kind, 'connect');
    }
    void this.aggregate();
  }

  protected laneState(lane: Lane, state: SyncState): void {
    lane.state = state;
    void this.aggregate();
  }

  protected async aggregate(): Promise<void> {
    const states = [...this.lanes.values()].map((l) => l.state);
    const state: SyncState = states.includes('offline') || (this.unreachable && states.length) ? 'offline' : states.includes('syncing') ? 'syncing' : states.length ? 'paused' : this.board.state;
    await this.setState(state, undefined);
  }

  /**
   * While the lanes run, has the server looked at (./probe.ts): unreachable → 'offline'
   * (kept until it answers); reachable again → the replications restart at once, so waiting changes go up
   * without waiting out PouchDB's back-off and an errored lane reports afresh.
   */
  protected probeLater(): void {
    const session = this.session;
    if (this.probe.waiting || !session || !this.lanes.size) return;
    const generation = this.generation;
    this.probe.later(session, async (reachable) => {
      if (generation !== this.generation) return;
      if (!reachable) {
        this.unreachable = true;
        await this.aggregate();
        this.probeLater();
      } else if (this.unreachable || this.laneOffline()) {
        // A lane that paused on an error may never say 'active' again after PouchDB's own retry succeeds
        // with nothing to move (PouchDB issues 3861, 7887): restart it so it reports where it really is.
        this.recent.note('all', this.unreachable ? 'server answers again: restart' : 'lane offline, server answers: restart');
        this.unreachable = false;
        this.teardown();
        this.connect();
      } else if (this.board.gauge.value > 0) {
        // Count again: the push checkpoint that settles the count may land after the lanes said 'paused'
        // and no later event would correct it then. aggregate() counts and looks again.
        await this.aggregate();
      } else this.probeLater();
    });
  }

  protected laneOffline(): boolean {
    return [...this.lanes.values()].some((l) => l.state === 'offline');
  }

  protected async setState(state: SyncState, message?: string): Promise<void> {
    await this.board.set(state, message);
    // Always while syncing: 'Synced' means the server answered the last look, and a server gone away shows
    // as 'Offline' within a probe's period and timeout whether or not anything waits.
    if (this.lanes.size) this.probeLater();
    this.board.announce();
  }

  /** A 401/403 from the server: sign in again (./engine.ts). */
  protected abstract reauthenticate(): void;
  /** A replication stopped on an error other than sign-in: start again later (./engine.ts). */
  protected abstract restartLater(err: unknown): void;
}
