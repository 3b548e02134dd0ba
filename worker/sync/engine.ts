/**
 * Live, retrying sync of main, shared and denormalized with one remote database each (./lane.ts; the remote
 * opened with skip_setup: only the server creates databases), after a first catch-up pull in large batches
 * (./catch-up.ts) that reports its progress. PouchDB's own retry covers network loss; a 401
 * or 403 (an expired AuthSession cookie, a changed password) stops PouchDB's replication for good, so this
 * engine logs in again with the stored credentials and restarts, after 1500 ms × attempt number.
 */
import { RELOGIN_DELAY_MS, SYNC_SIGN_IN_AGAIN, type SyncStartInput, type SyncStatus } from '../../commands/sync';
import type { BackendEvent, SyncProgress, SyncState } from '../../commands/events';
import type { Databases } from '../db';
import { PendingGauge, PushedSeqs, type SyncedKind } from './pending';
import { catchUp, type CatchUp } from './catch-up';
import { RecentEvents } from './recent-events';
import { isAuthError } from './retry';
import { LoginRefused, RemoteSession } from './remote-session';
import { KINDS, openLane, remoteName, remoteOf, type Lane } from './lane';
import { ServerProbe } from './probe';

export const SIGN_IN_AGAIN = SYNC_SIGN_IN_AGAIN;

export class SyncEngine {
  private session: RemoteSession | null = null;
  private lanes = new Map<SyncedKind, Lane>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private state: SyncState = 'off';
  private message: string | undefined;
  private generation = 0;
  private readonly pushed: PushedSeqs;
  private readonly gauge = new PendingGauge((limit) => this.pending(limit));
  private readonly probe = new ServerProbe();
  /** The last probe found the server unreachable: the state is 'offline' whatever the idle lanes say. */
  private unreachable = false;
  /** The first pull in large batches, while it runs; once it has finished, restarts go straight to live sync. */
  private catchingUp: CatchUp | null = null;
  private caughtUp = false;
  private progress: SyncProgress | undefined;

  constructor(
    private readonly dbs: Databases,
    private readonly name: string,
    private readonly emit: (e: BackendEvent) => void,
    /** Called after shared documents arrive from the server (the spec's GET /sms/{shared id}). */
    private readonly onSharedPulled: (remote: string, sharedDb: string) => void = () => undefined,
  ) {
    this.pushed = new PushedSeqs(dbs.local);
  }

  async start(input: SyncStartInput): Promise<SyncStatus> {
    const same = this.session && this.session.remote === input.remote && this.session.username === input.username;
    // Every tab of a business shares this engine: a tab opening on a running sync (no new password) joins it
    // as it is, and hears the current state.
    if (same && !input.password && (this.lanes.size || this.timer || this.catchingUp)) {
      this.emit({ kind: 'sync', state: this.state, pending: this.gauge.value, message: this.message, progress: this.progress });
      return this.status();
    }
    if (same) this.session!.update(input.password);
    else {
      this.session = new RemoteSession(input.remote.replace(/\/+$/, ''), input.username, input.password);
      this.caughtUp = false;
    }
    this.attempt = 0;
    this.teardown();
    const generation = this.generation;
    try {
      if (this.session!.canLogin) await this.session!.login();
      else if (!(await this.session!.hasSession())) throw new LoginRefused(401);
    } catch (e) {
      if (generation !== this.generation) return this.status();
      return this.failed(e);
    }
    this.connect();
    return this.status();
  }

  async stop(): Promise<SyncStatus> {
    this.session = null;
    this.teardown();
    await this.setState('off');
    return this.status();
  }

  async status(): Promise<SyncStatus> {
    return { state: this.state, pending: this.gauge.value, message: this.message, progress: this.progress };
  }

  /** status() with each lane's state and the last replication events: what sync-status answers. */
  async report(): Promise<SyncStatus> {
    const lanes = Object.fromEntries([...this.lanes.entries()].map(([kind, lane]) => [kind, lane.state]));
    return { ...(await this.status()), lanes, recent: this.recent.list() };
  }

  private readonly recent = new RecentEvents();

  pending(limit?: number): Promise<number> {
    return this.pushed.count({ main: this.dbs.main, shared: this.dbs.shared, denormalized: this.dbs.denormalized }, limit);
  }

  /** Stops every replication and any pending restart; a later start or restart opens new ones. */
  private teardown(): void {
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.probe.cancel();
    for (const lane of this.lanes.values()) lane.handle.cancel();
    this.lanes.clear();
    this.catchingUp?.cancel();
    this.catchingUp = null;
    this.progress = undefined;
  }

  /** The first connection of a session catches up in large batches; every later one (restarts) goes live at once. */
  private connect(): void {
    if (this.caughtUp) this.goLive();
    else this.catchUpFirst();
  }

  /**
   * Pulls what the server has in large batches, reporting progress, then goes live. An expired sign-in is
   * handled as in live sync; any other failure (offline, say) leaves it to the live sync, which retries.
   */
  private catchUpFirst(): void {
    const session = this.session;
    if (!session) return;
    const generation = this.generation;
    const current = () => generation === this.generation;
    const run = catchUp(
      KINDS.map((kind) => ({ local: this.dbs[kind], remote: remoteOf(session, this.name, kind) })),
      (p) => {
        if (!current()) return;
        this.progress = p;
        void this.setState('syncing');
      },
      (i, seq) => void this.pushed.mark(KINDS[i], seq),
    );
    this.catchingUp = run;
    void this.setState('syncing');
    const live = () => {
      this.catchingUp = null;
      this.progress = undefined;
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

  private goLive(): void {
    const session = this.session;
    if (!session) return;
    const generation = this.generation;
    const current = () => generation === this.generation;
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

  /** 401/403: log in again with the stored credentials and restart, after 1500 ms × attempt. */
  private reauthenticate(): void {
    this.recent.note('all', 'refused: sign in again');
    this.teardown();
    if (!this.session?.canLogin) {
      void this.failed(new LoginRefused(401));
      return;
    }
    this.attempt++;
    const generation = this.generation;
    void this.setState('offline', `Signing in again (${this.attempt})`);
    this.timer = setTimeout(() => {
      if (generation !== this.generation || !this.session) return;
      this.session.login().then(
        () => generation === this.generation && this.connect(),
        (e) => {
          if (generation !== this.generation) return;
          if (e instanceof LoginRefused) void this.failed(e);
          else this.reauthenticate();
        },
      );
    }, RELOGIN_DELAY_MS * this.attempt);
  }

  private restartLater(err: unknown): void {
    console.warn('sync stopped; restarting', err);
    this.teardown();
    this.attempt++;
    const generation = this.generation;
    void this.setState('offline', undefined);
    this.timer = setTimeout(() => generation === this.generation && this.connect(), RELOGIN_DELAY_MS * this.attempt);
  }

  private async failed(e: unknown): Promise<SyncStatus> {
    if (e instanceof LoginRefused) {
      this.teardown();
      await this.setState('error', SIGN_IN_AGAIN);
    } else {
      // Offline at start: keep trying in the background.
      this.reauthenticate();
    }
    return this.status();
  }

  private laneState(lane: Lane, state: SyncState): void {
    lane.state = state;
    void this.aggregate();
  }

  private async aggregate(): Promise<void> {
    const states = [...this.lanes.values()].map((l) => l.state);
    const state: SyncState = states.includes('offline') || (this.unreachable && states.length) ? 'offline' : states.includes('syncing') ? 'syncing' : states.length ? 'paused' : this.state;
    await this.setState(state, undefined);
  }

  /**
   * While changes wait or a lane is offline, has the server looked at (./probe.ts): unreachable → 'offline'
   * (kept until it answers); reachable again → the replications restart at once, so waiting changes go up
   * without waiting out PouchDB's back-off and an errored lane reports afresh.
   */
  private probeLater(): void {
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
      } else if (this.gauge.value > 0) {
        // Count again: the push checkpoint that settles the count may land after the lanes said 'paused'
        // and no later event would correct it then. aggregate() counts and probes again while any wait.
        await this.aggregate();
      }
    });
  }

  private laneOffline(): boolean {
    return [...this.lanes.values()].some((l) => l.state === 'offline');
  }

  private async setState(state: SyncState, message?: string): Promise<void> {
    this.state = state;
    this.message = message;
    // Not counted while catching up: every pulled document is past the push checkpoint until the catch-up's
    // push, so the count would read a thousand rows a second to say nothing (the badge shows the progress).
    if (!this.progress) await this.gauge.refresh(state !== 'syncing');
    if (this.gauge.value > 0 || this.unreachable || this.laneOffline()) this.probeLater();
    this.emit({ kind: 'sync', state: this.state, pending: this.gauge.value, message: this.message, progress: this.progress });
  }

}
