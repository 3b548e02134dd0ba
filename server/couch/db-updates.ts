/**
 * CouchDB's `_db_updates` for the embedded server: which databases changed since a point, as one feed for the
 * whole server, so the SMS dispatcher follows every business with one long-poll instead of one per business
 * (idle CPU grew with each business otherwise). Apache CouchDB (COUCH_URL) answers `_db_updates` itself.
 *
 * Every write reaches the embedded database through /db (the API and the dispatcher are HTTP clients too), so a
 * write answered with success there is noted here: one sequence number per note, kept per database (the map
 * holds one entry a database, never a log). Sequences are `{n}-{run}`: a sequence of an earlier run of the
 * process (the dispatcher lives in this process, so only after a restart of both) reads as 0, everything.
 * Only the database admin may read the feed (the guard refuses members every `_`-led top-level path).
 */
import { randomBytes } from 'node:crypto';
import type express from 'express';
import { segmentsOf } from './route';
import { MAX_WAIT_MS } from './limits';

type Update = { db_name: string; type: 'updated'; seq: string };

const WRITES = new Set(['PUT', 'POST', 'DELETE']);

export class DbUpdates {
  private n = 0;
  private readonly run = randomBytes(4).toString('hex');
  private readonly last = new Map<string, number>();
  private readonly waiting = new Set<() => void>();

  /** Notes that `db` changed and wakes every long-poll waiting. */
  touch(db: string): void {
    this.n += 1;
    // Re-inserted, so the map stays in sequence order and an answer walks it from its end.
    this.last.delete(db);
    this.last.set(db, this.n);
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  private seq(n: number): string {
    return `${n}-${this.run}`;
  }

  /** The number a `since` names: 'now' the current one, another run's or a malformed one 0. */
  private numberOf(since: unknown): number {
    if (since === 'now') return this.n;
    const [n, run] = String(since ?? '0').split('-');
    const value = Number(n);
    return run === this.run && Number.isInteger(value) && value >= 0 ? Math.min(value, this.n) : 0;
  }

  /** The databases changed after `after`, oldest first. */
  private after(after: number): Update[] {
    const out: Update[] = [];
    for (const [db, n] of [...this.last].reverse()) {
      if (n <= after) break;
      out.push({ db_name: db, type: 'updated', seq: this.seq(n) });
    }
    return out.reverse();
  }

  /** Notes every successful write through /db (mount before the database server). */
  recorder(): express.RequestHandler {
    return (req, res, next) => {
      if (WRITES.has(req.method)) {
        const db = segmentsOf(req.path)?.[0];
        if (db && !db.startsWith('_')) res.on('finish', () => res.statusCode < 300 && this.touch(db));
      }
      next();
    };
  }

  /** GET /_db_updates?since=…&feed=normal|longpoll&timeout=ms (timeout within MAX_WAIT_MS). */
  route(): express.RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' || req.path !== '/_db_updates') return next();
      const after = this.numberOf(req.query.since);
      const answer = () => res.json({ results: this.after(after), last_seq: this.seq(this.n) });
      if (req.query.feed !== 'longpoll' || this.n > after) return answer();
      const timeout = Math.min(Math.max(Number(req.query.timeout) || MAX_WAIT_MS, 0), MAX_WAIT_MS);
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        if (!res.writableEnded) answer();
      };
      timer = setTimeout(wake, timeout);
      this.waiting.add(wake);
      res.on('close', () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
      });
    };
  }
}
