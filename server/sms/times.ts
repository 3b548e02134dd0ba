/**
 * Times the dispatcher reads from documents (a message's retry_at, a claim's time, a checkpoint's pending
 * retries) come from whoever wrote them: a time far ahead would hold a message for ever, and a wait above
 * 2^31-1 ms makes Node's setTimeout fire after 1 ms, so the dispatcher spun (one member's retry_at 30 days
 * ahead: 85 % CPU, 400 checkpoint writes in 10 s). Every such time is clamped to a window before use.
 */

/** setTimeout's largest delay; a larger one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `at` as a finite time within [now, now + window] (a time that is no number: now). */
export function saneTime(at: unknown, now: number, window: number): number {
  if (typeof at !== 'number' || !Number.isFinite(at)) return now;
  return Math.min(Math.max(at, now), now + Math.min(Math.max(window, 0), MAX_TIMER_MS));
}
