/**
 * One shop cannot starve the others (issue 37): the work of the /db endpoint is shared out per business and
 * per address. Each business has at most PER_BUSINESS_RUNNING requests under way at once, each address at
 * most PER_ADDRESS_RUNNING; the rest wait their turn in that business's (or address's) own queue, first come
 * first served. One shop sending a flood of heavy requests (full listings, large batches) thus has a few under
 * way while the rest wait behind themselves, and another shop's request is never behind more than a few of
 * them. A queue that grows past its length is answered 503 with Retry-After, so a flood costs its sender, not
 * the server's memory.
 *
 * Longpoll feeds are not counted: they wait for a change, they do not work (./feeds.ts bounds them). The
 * database admin (the server's own API) is never queued. The numbers: a till syncs with 1-3 requests at a time
 * (three databases, one lane each), a shop runs a few tills.
 */
import type express from 'express';
import { addressOf } from './login-guard';
import type { GuardedRequest } from './guard';

export const PER_BUSINESS_RUNNING = 2;
export const PER_ADDRESS_RUNNING = 16;
/** Requests one business or address may have waiting; past it, 503. */
export const MAX_WAITING = 200;
const RETRY_AFTER_SECONDS = 5;

class Lanes {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly width: number) {}

  /** Runs `go` now or when a place of `key` frees; false when the queue is full (nothing is run). */
  enter(key: string, go: () => void): boolean {
    const busy = this.running.get(key) ?? 0;
    if (busy < this.width) {
      this.running.set(key, busy + 1);
      go();
      return true;
    }
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= MAX_WAITING) return false;
    queue.push(go);
    this.waiting.set(key, queue);
    return true;
  }

  /** A request of `key` ended: the next waiting one takes its place. */
  leave(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(key);
    if (next) {
      next();
      return;
    }
    const busy = (this.running.get(key) ?? 1) - 1;
    if (busy > 0) this.running.set(key, busy);
    else this.running.delete(key);
  }

  /** Takes a request that gave up while waiting out of the queue (true when it was there). */
  drop(key: string, go: () => void): boolean {
    const queue = this.waiting.get(key);
    const at = queue?.indexOf(go) ?? -1;
    if (at < 0) return false;
    queue!.splice(at, 1);
    if (queue!.length === 0) this.waiting.delete(key);
    return true;
  }
}

/** After the guard: every member request to a business database takes a place of its business and address. */
export function fairShare(): express.RequestHandler {
  const businesses = new Lanes(PER_BUSINESS_RUNNING);
  const addresses = new Lanes(PER_ADDRESS_RUNNING);
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    if (route?.kind !== 'db' || (route.what === 'changes' && (req.query as Record<string, unknown>).feed === 'longpoll')) return next();
    const business = route.business;
    const address = addressOf(req);
    const full = () => {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ error: 'busy', reason: 'This business has too many requests waiting. Please try again shortly.' });
    };
    let holds = 0;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      // Still waiting in a queue: leave it; holding a place: hand it on.
      if (holds === 0) businesses.drop(business, inBusiness);
      if (holds === 1) addresses.drop(address, inAddress);
      if (holds >= 1) businesses.leave(business);
      if (holds === 2) addresses.leave(address);
    };
    const inAddress = () => {
      holds = 2;
      if (done) return release2();
      next();
    };
    const inBusiness = () => {
      holds = 1;
      if (done) return businesses.leave(business);
      if (!addresses.enter(address, inAddress)) {
        done = true;
        businesses.leave(business);
        full();
      }
    };
    /** Gave up (connection closed) just as the address place came: hand both places on. */
    const release2 = () => {
      businesses.leave(business);
      addresses.leave(address);
    };
    res.once('finish', release);
    res.once('close', release);
    if (!businesses.enter(business, inBusiness)) {
      done = true;
      full();
    }
  };
}
