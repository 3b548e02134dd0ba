/**
 * What the API routes share: the database client, the clock, the payment provider, the database server's
 * session-cookie secret (for renewing a device's session: ./session-cookie.ts; undefined when unknown), how
 * many businesses one client address may register per hour (REGISTRATIONS_PER_HOUR; 0 or absent: no limit),
 * the password throttle (shared with /db) and the PBKDF2 cost of a dummy hash (server/login/).
 */
import type { CouchClient } from '../couch/client';
import type { LoginThrottle } from '../login/throttle';
import type { PaymentProvider } from '../payments/provider';

export type ApiDeps = {
  couch: CouchClient;
  clock: () => number;
  payments: PaymentProvider;
  sessionSecret: () => Promise<string | undefined>;
  registrationsPerHour?: number;
  throttle: LoginThrottle;
  iterations: number;
};

/** Business ids are database-name safe: lower-case letters and digits, starting with a letter. */
export function newBusinessId(clock: () => number): string {
  const random = Array.from({ length: 4 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
  return 'b' + clock().toString(36) + random;
}
