/**
 * At most REGISTRATIONS_PER_HOUR new businesses per client address in any hour (a sliding window): each
 * business costs three databases, their design documents and an SMS dispatcher follower, and registration is
 * open to anyone. 0 turns the limit off (tests, a private install). The address is the connection's: behind a
 * reverse proxy every registration comes from the proxy, so the limit is then shared by all.
 */
import type express from 'express';
import { ApiError } from './http';

const HOUR_MS = 3600_000;
/** Addresses remembered at most (each holds at most `perHour` times); past it the oldest entries go. */
const MAX_ADDRESSES = 10_000;

export class RegistrationLimit {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly perHour: number,
    private readonly clock: () => number,
  ) {}

  /**
   * Takes one of `req`'s address's registrations of the hour, or throws a 429 (with Retry-After set on `res`)
   * when it has none left. Taken before the business is made, so parallel requests cannot all slip through
   * (a registration that then fails, a username taken, still counts).
   */
  take(req: express.Request, res: express.Response): void {
    if (this.perHour <= 0) return;
    const now = this.clock();
    const address = addressOf(req);
    const recent = this.recent(address, now);
    if (recent.length < this.perHour) {
      recent.push(now);
      this.times.delete(address);
      if (this.times.size >= MAX_ADDRESSES) this.times.delete(this.times.keys().next().value!);
      this.times.set(address, recent);
      return;
    }
    const seconds = Math.max(1, Math.ceil((recent[0] + HOUR_MS - now) / 1000));
    res.setHeader('Retry-After', String(seconds));
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError(429, 'too-many-registrations', `Too many businesses were registered from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  private recent(address: string, now: number): number[] {
    return (this.times.get(address) ?? []).filter((t) => t > now - HOUR_MS);
  }
}

function addressOf(req: express.Request): string {
  return req.socket.remoteAddress ?? 'unknown';
}
