/**
 * The device's lock, in the worker: one per business per browser (the SharedWorker), so locking in one tab
 * locks every tab, and a tab that opens later (a new tab, a reload, typed URL) asks the worker rather than
 * trusting its own memory. A browser worker starts locked (worker/expose.ts): a new worker means a browser
 * restart or the first tab, and only the password or pin, or a sign-in, opens it. Every change is announced as
 * a `lock` event.
 */
import type { LockEvent } from '../commands/events';
import type { LockStatus } from '../commands/session';

export class DeviceLock {
  private seq = 0;

  constructor(
    private isLocked: boolean,
    private readonly emit: (event: LockEvent) => void,
  ) {}

  get locked(): boolean {
    return this.isLocked;
  }

  /** Neither locked nor unlocked since it started: a new worker (a browser restart, or the only tab reloaded). */
  get fresh(): boolean {
    return this.seq === 0;
  }

  status(): LockStatus {
    return { locked: this.isLocked, seq: this.seq };
  }

  /** Locks (nothing changes, and nothing is announced, when already locked). */
  lock(): LockStatus {
    return this.set(true);
  }

  unlock(): LockStatus {
    return this.set(false);
  }

  private set(locked: boolean): LockStatus {
    if (this.isLocked !== locked) {
      this.isLocked = locked;
      this.seq++;
      this.emit({ kind: 'lock', ...this.status() });
    }
    return this.status();
  }
}
