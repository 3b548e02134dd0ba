/**
 * Password-guessing throttle (issue 26, finding 5): every way a password is checked (POST /db/_session, HTTP
 * Basic on /db, /api/login-name, /api/change-password) asks here first and reports its outcome. After
 * LOGIN_MAX_FAILURES wrong passwords for one account, or LOGIN_ADDRESS_MAX_FAILURES from one client address,
 * checks are answered 429 with Retry-After for LOGIN_LOCK_SECONDS, doubling with each further failure up to
 * LOGIN_LOCK_MAX_SECONDS; a lock refuses the right password too (else guessing goes on, just slower). A success
 * clears the account's failures (not the address's: one known password must not buy more guesses at others);
 * the owner can unlock a staff account (POST /api/users/{business}/{username}/unlock). Unknown accounts are
 * counted like known ones, so a 429 tells nobody whether an account exists. A quiet hour forgets an entry.
 * Kept in memory: a restart clears it, which costs an attacker a restart they cannot cause.
 */

export type ThrottleSettings = {
  /** Failures of one account before it is locked (0: no account limit). */
  maxFailures: number;
  /** Failures from one address before it is locked (0: no address limit). */
  addressMaxFailures: number;
  /** The first lock; each further failure doubles it. */
  lockMs: number;
  /** The longest lock, and how long a quiet entry is remembered. */
  maxLockMs: number;
};

type Entry = { failures: number; until: number; last: number };

const MAX_ENTRIES = 20_000;

class Counter {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly limit: number,
    private readonly s: ThrottleSettings,
  ) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now >= e.until && now - e.last > this.s.maxLockMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  waitMs(key: string, now: number): number {
    if (this.limit <= 0) return 0;
    const e = this.live(key, now);
    return e && e.until > now ? e.until - now : 0;
  }

  fail(key: string, now: number): void {
    if (this.limit <= 0) return;
    const e = this.live(key, now) ?? { failures: 0, until: 0, last: now };
    e.failures += 1;
    e.last = now;
    if (e.failures >= this.limit) e.until = now + Math.min(this.s.maxLockMs, this.s.lockMs * 2 ** (e.failures - this.limit));
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) {
      // The oldest entries go first (a Map keeps insertion order; a failure re-inserts its entry).
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (this.entries.size <= MAX_ENTRIES * 0.9) break;
      }
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  locked(key: string, now: number): boolean {
    return this.waitMs(key, now) > 0;
  }
}

export class LoginThrottle {
  private readonly accounts: Counter;
  private readonly addresses: Counter;

  constructor(
    readonly settings: ThrottleSettings,
    private readonly clock: () => number = Date.now,
  ) {
    this.accounts = new Counter(settings.maxFailures, settings);
    this.addresses = new Counter(settings.addressMaxFailures, settings);
  }

  /** Whole seconds to wait before this account may be tried from this address (0: go ahead). */
  retryAfter(account: string, address: string): number {
    const now = this.clock();
    const ms = Math.max(this.accounts.waitMs(account, now), this.addresses.waitMs(address, now));
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  failed(account: string, address: string): void {
    const now = this.clock();
    this.accounts.fail(account, now);
    this.addresses.fail(address, now);
  }

  succeeded(account: string): void {
    this.accounts.clear(account);
  }

  /** The owner's unlock: the account's failures and lock are gone. */
  unlock(account: string): void {
    this.accounts.clear(account);
  }

  isLocked(account: string): boolean {
    return this.accounts.locked(account, this.clock());
  }
}

/** The text a refused check carries (the sign-in screen shows it). */
export function tooManyMessage(seconds: number): string {
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords. Try again in ${wait}, or ask the business owner to unlock the account.`;
}

/** The account key of an email used at /api/login-name (an email is not an account name). */
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

export function throttleSettings(env: NodeJS.ProcessEnv): ThrottleSettings {
  const num = (v: string | undefined, d: number) => (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : d);
  return {
    maxFailures: num(env.LOGIN_MAX_FAILURES, 5),
    addressMaxFailures: num(env.LOGIN_ADDRESS_MAX_FAILURES, 50),
    lockMs: num(env.LOGIN_LOCK_SECONDS, 30) * 1000,
    maxLockMs: num(env.LOGIN_LOCK_MAX_SECONDS, 3600) * 1000,
  };
}
