/** How sync tells an expired sign-in from a network failure, and how long it waits between network retries. */
import { RELOGIN_DELAY_MS } from '../../commands/sync';

/** While the server is unreachable: 1500 ms more per attempt, at most 15 s apart (PouchDB's default doubles to minutes). */
export function networkBackOff(delay: number): number {
  return Math.min((delay || 0) + RELOGIN_DELAY_MS, 10 * RELOGIN_DELAY_MS);
}

export function isAuthError(err: unknown): boolean {
  const e = err as { status?: number; name?: string } | undefined;
  return e?.status === 401 || e?.status === 403 || e?.name === 'unauthorized' || e?.name === 'forbidden';
}
