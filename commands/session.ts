/** Who is acting on this device. Set at sign-in; every write stamps it and ids use its policy prefix. */
export type RoleLevel = 0 | 1 | 2 | 3 | 4;

export const ROLE_LABELS: Record<RoleLevel, string> = {
  0: 'Admin',
  1: 'Manager',
  2: 'Accountant',
  3: 'Sales agent',
  4: 'Store keeper',
};

export type SessionUser = {
  username: string;
  fullname: string;
  level: RoleLevel;
  /** Business reference (the owner's business id). */
  business: string;
  businessName?: string;
  /** Invoice-policy prefix of this user: part of every id and invoice number they create. */
  policyPrefix: string;
};

/**
 * The device's lock, held by the business's worker so every tab of the business shares it (document 001 section
 * 3: the lock record and quick login). `seq` grows with every change, so a tab that hears a reply and an event
 * about it (two channels, no order between them) keeps the newer one.
 */
export type LockStatus = { locked: boolean; seq: number };

export type SessionCommands = {
  'session-get': (input: Record<string, never>) => Promise<SessionUser | null>;
  'session-set': (input: SessionUser | null) => Promise<SessionUser | null>;
  /** Locks the device: every tab of the business goes to the lock screen, and data commands are refused. */
  'session-lock': (input: Record<string, never>) => Promise<LockStatus>;
  /**
   * Sent after the password or pin opened the lock record (or after a sign-in with the server). `fresh`: only
   * when this worker has neither locked nor unlocked since it started (a reload of an unlocked tab carrying its
   * unlock over, src/lock.ts); a worker someone locked stays locked.
   */
  'session-unlock': (input: { fresh?: boolean }) => Promise<LockStatus>;
  'session-lock-get': (input: Record<string, never>) => Promise<LockStatus>;
};

/** Base name of a business's databases, on the device and on the server (the server adds the same suffixes). */
export function businessDbName(business: string): string {
  return `oja-${business}`;
}

/** Login names on the database server carry this prefix (document 001 section 7). */
export const LOGIN_PREFIX = 'v2_';
