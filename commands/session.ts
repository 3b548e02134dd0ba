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

export type SessionCommands = {
  'session-get': (input: Record<string, never>) => Promise<SessionUser | null>;
  'session-set': (input: SessionUser | null) => Promise<SessionUser | null>;
};

/** Base name of a business's databases, on the device and on the server (the server adds the same suffixes). */
export function businessDbName(business: string): string {
  return `oja-${business}`;
}

/** Login names on the database server carry this prefix (document 001 section 7). */
export const LOGIN_PREFIX = 'v2_';
