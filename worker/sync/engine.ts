/**
 * Sync's sign-in and recovery, around the live replications of ./live-sync.ts. PouchDB's own retry covers
 * network loss; a 401 or 403 (an expired AuthSession cookie, a changed password) stops PouchDB's replication for
 * good, so this engine logs in again with the stored credentials and restarts, after 1500 ms × attempt number.
 * 'Sign in to sync' only when the server answered that the credentials are wrong or expired and none are left;
 * a server that does not answer is 'Offline' and sync starts again by itself once it answers.
 */
import { RELOGIN_DELAY_MS, SYNC_SIGN_IN_AGAIN, type SyncStartInput, type SyncStatus } from '../../commands/sync';
import { LoginRefused, RemoteSession } from './remote-session';
import { LiveSync } from './live-sync';

export const SIGN_IN_AGAIN = SYNC_SIGN_IN_AGAIN;

export class SyncEngine extends LiveSync {
  async start(input: SyncStartInput): Promise<SyncStatus> {
    const same = this.session && this.session.remote === input.remote && this.session.username === input.username;
    // Every tab of a business shares this engine: a tab opening on a running sync (no new password) joins it
    // as it is, and hears the current state.
    if (same && !input.password && (this.lanes.size || this.timer || this.catchingUp || this.probe.waiting)) {
      // An unlocking tab hands over the device credential: kept for the next renewal, the running sync goes on.
      this.session!.update({ device: input.device });
      this.board.announce();
      return this.status();
    }
    // Device credentials (docs/architecture.md): the session renews with the device's credential when it has one.
    if (same) this.session!.update({ password: input.password, device: input.device });
    else {
      this.session = new RemoteSession(input.remote.replace(/\/+$/, ''), input.username, { password: input.password, device: input.device });
      this.caughtUp = false;
    }
    this.attempt = 0;
    this.teardown();
    await this.signInThenConnect();
    return this.status();
  }

  /**
   * Signs in (or checks the session a reloaded page still has), then syncs. 'Sign in to sync' only when the
   * server answered that the credentials are wrong or expired; a server that does not answer is 'Offline',
   * and sync starts by itself once it answers again.
   */
  private async signInThenConnect(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const generation = this.generation;
    try {
      if (session.canLogin) await session.login();
      else if (!(await session.hasSession())) throw new LoginRefused(401);
    } catch (e) {
      if (generation !== this.generation) return;
      if (e instanceof LoginRefused) await this.failed(e);
      else await this.offlineUntilReachable();
      return;
    }
    this.connect();
  }

  /** The server did not answer the sign-in: 'Offline', asked again every probe until it answers. */
  private async offlineUntilReachable(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.teardown();
    this.recent.note('all', 'server unreachable at sign-in: waiting for it');
    const generation = this.generation;
    this.unreachable = true;
    this.probe.later(session, async (reachable) => {
      if (generation !== this.generation) return;
      if (!reachable) return this.offlineUntilReachable();
      this.unreachable = false;
      await this.signInThenConnect();
    });
    await this.setState('offline');
  }

  async stop(): Promise<SyncStatus> {
    this.session = null;
    this.teardown();
    await this.setState('off');
    return this.status();
  }

  /** 401/403: log in again with the stored credentials and restart, after 1500 ms × attempt. */
  protected reauthenticate(): void {
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

  protected restartLater(err: unknown): void {
    // The badge says Offline meanwhile; the reason goes where support reads it (sync-status's recent events).
    this.recent.note('all', 'stopped on an error: restarting', err);
    this.teardown();
    this.attempt++;
    const generation = this.generation;
    void this.setState('offline', undefined);
    this.timer = setTimeout(() => generation === this.generation && this.connect(), RELOGIN_DELAY_MS * this.attempt);
  }

  /** The server answered that the credentials are wrong or expired, and none are left to try. */
  private async failed(_e: LoginRefused): Promise<void> {
    this.teardown();
    await this.setState('error', SIGN_IN_AGAIN);
  }
}
