/**
 * Longpoll `_changes` feeds of members end when they must (issue 37, finding 6):
 * - at their timeout (the query's, clamped to MAX_WAIT_MS by ./query-bounds.ts, which also sets it when absent):
 *   express-pouchdb ignores `timeout` on the embedded database and held a feed open for good, so here the feed
 *   is answered as CouchDB answers one that timed out — no results, `last_seq` where it started — and closed;
 * - at once when their user's sessions are cut (./session-cutoff.ts: a disabled account, a revoked device, a
 *   password change): a feed admitted before the cut would otherwise deliver what the owner writes later.
 * Each open feed is listed here until its answer ends or its connection closes, whichever comes first, so a
 * dropped client leaves no timer behind. Ending a feed also closes its connection: that is what makes
 * express-pouchdb cancel its listener on the database (it listens for the connection's close), and no later
 * change is written into an answer already ended.
 */
import type express from 'express';
import type { CouchClient } from './client';
import type { GuardedRequest } from './guard';
import { cookieIssue, cutoffsOf, firstValidSecond } from './session-cutoff';

type Feed = { name: string; issued?: number; end(): void };

export class OpenFeeds {
  private readonly feeds = new Set<Feed>();

  /** How many longpoll feeds are open now (GET /_oja_stats). */
  get size(): number {
    return this.feeds.size;
  }

  /** Ends every feed of `name` whose session the cut-off at `after` (ms) refuses. */
  cut(name: string, after: number): void {
    const first = firstValidSecond(after);
    for (const feed of this.feeds) if (feed.name === name && (feed.issued === undefined || feed.issued < first)) feed.end();
  }

  /**
   * After the guard: times and lists each member's longpoll. `embedded`: the database behind ignores `timeout`
   * (express-pouchdb), so the timer here answers it; behind COUCH_URL CouchDB does, and the timer is a backstop.
   */
  middleware(couch: () => CouchClient, embedded: boolean): express.RequestHandler {
    let listening = false;
    return (req, res, next) => {
      const route = (req as GuardedRequest).couchRoute;
      const caller = (req as GuardedRequest).couchCaller;
      const query = req.query as Record<string, string | undefined>;
      if (route?.kind !== 'db' || route.what !== 'changes' || query.feed !== 'longpoll' || !caller?.name) return next();
      if (!listening) {
        listening = true;
        cutoffsOf(couch()).onCut((name, after) => this.cut(name, after));
      }
      const cookie = /(?:^|;\s*)AuthSession=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const timeout = Number(query.timeout);
      let ended = false;
      const feed: Feed = {
        name: caller.name,
        issued: cookie ? cookieIssue(cookie)?.seconds : undefined,
        end: () => finish(false),
      };
      const timer = setTimeout(() => finish(true), embedded ? timeout : timeout + 5000);
      const release = () => {
        clearTimeout(timer);
        this.feeds.delete(feed);
      };
      /** Answers the feed as timed out (no results) or, when cut, closes it without an answer. */
      const finish = (timedOut: boolean) => {
        if (ended) return;
        ended = true;
        release();
        if (!timedOut || res.writableEnded) {
          req.socket.destroy();
          return;
        }
        void lastSeq(couch, route.db, query.since).then((seq) => {
          if (res.writableEnded) return;
          res.once('finish', () => req.socket.destroy());
          if (!res.headersSent) res.setHeader('Connection', 'close');
          // What express-pouchdb wrote so far is `{"results":[` (its longpoll starts the answer at once).
          res.end(`],\n"last_seq":${JSON.stringify(seq)}}\n`);
        }, () => req.socket.destroy());
      };
      res.once('finish', release);
      res.once('close', release);
      // A change the database's listener writes after the answer ended (before the connection is gone) would
      // be an 'error' event on the answer, which nothing else listens for: that one is expected and dropped.
      res.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ERR_STREAM_WRITE_AFTER_END') console.error('A changes feed failed:', err.message);
      });
      this.feeds.add(feed);
      // Hung up while the gate was checking it: nothing will close it again.
      if (res.destroyed || req.socket.destroyed) release();
      next();
    };
  }
}

/** Where a timed-out feed leaves its reader: where it started, or the database's last change for `since=now`. */
async function lastSeq(couch: () => CouchClient, db: string, since: string | undefined): Promise<unknown> {
  if (since !== undefined && since !== 'now') return /^\d+$/.test(since) ? Number(since) : since;
  const info = await couch().request<{ update_seq?: unknown }>('GET', `/${encodeURIComponent(db)}`);
  return info.body.update_seq ?? 0;
}
