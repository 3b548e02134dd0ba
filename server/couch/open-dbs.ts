/**
 * A bound on the databases the embedded server keeps open. express-pouchdb opens a database on its first
 * request and keeps it (and its LevelDB: write buffers, caches, file handles) for the life of the process:
 * about 100 kB of memory each, measured (three per business: 1.6 GB at 1,000 businesses). Here, in front of
 * express-pouchdb, the least recently used databases are closed once more than `cap` are open; the next
 * request for one opens it again (a few milliseconds).
 *
 * A database is never closed under a request: every /db request counts as using its database from the moment
 * it arrives here until its answer is finished or its connection closed (a live `_changes` feed uses it for as
 * long as it is held). A request for a database being closed waits for the close to finish, so LevelDB never
 * sees the same folder opened twice. When every open database is in use the count may pass the cap (a
 * request is never refused or kept waiting for a slot); it comes back down as they are let go.
 * The server's own databases (`_users`, express-pouchdb's list of databases) are never closed.
 */
import type express from 'express';

type Db = { close(): Promise<unknown> };
/** express-pouchdb's cache of open databases, kept on the PouchDB constructor it is given (create-or-delete-dbs.js). */
type Cached = { __dbCacheMap?: Map<string, Db> };

const KEPT = /^(_|pouch__)/;

/** The database a request names, as express-pouchdb reads it (its `/:db` parameter: the first segment, decoded). */
function databaseOf(path: string): string | undefined {
  try {
    return decodeURIComponent(path.split('/')[1] ?? '') || undefined;
  } catch {
    return undefined;
  }
}

export type OpenStats = { cap: number; open: number; in_use: number; closed: number; peak_open: number; peak_excess: number };

export class OpenDatabases {
  /** Requests under way per database. */
  private readonly busy = new Map<string, number>();
  /** Last use, oldest first (re-inserted at each use). */
  private readonly used = new Set<string>();
  private readonly closing = new Map<string, Promise<void>>();
  private closed = 0;
  private peakOpen = 0;
  /** The most databases ever open beyond max(cap, databases in use): 0 while the bound holds. */
  private peakExcess = 0;

  constructor(
    readonly cap: number,
    private readonly pouch: Cached,
  ) {}

  private cache(): Map<string, Db> {
    return (this.pouch.__dbCacheMap ??= new Map());
  }

  /** The databases open or about to be (a request under way opens its database). */
  private open(): Set<string> {
    const names = new Set<string>();
    for (const name of this.cache().keys()) if (!KEPT.test(name)) names.add(name);
    for (const name of this.busy.keys()) names.add(name);
    return names;
  }

  /** Closes the least recently used databases not in use until at most `cap` are open. */
  private trim(): void {
    let open = this.open();
    const cache = this.cache();
    // A database opened by no request seen here (none should be) counts as the oldest.
    const unseen = [...cache.keys()].filter((name) => !KEPT.test(name) && !this.used.has(name));
    for (const name of [...unseen, ...this.used]) {
      if (open.size <= this.cap) break;
      if (this.busy.has(name)) continue;
      this.used.delete(name);
      const db = cache.get(name);
      if (!db || !open.has(name)) continue;
      cache.delete(name);
      open.delete(name);
      this.closed += 1;
      const done = Promise.resolve()
        .then(() => db.close())
        .then(
          () => undefined,
          (e: unknown) => console.error(`Closing database ${name}:`, e instanceof Error ? e.message : e),
        )
        .finally(() => this.closing.delete(name));
      this.closing.set(name, done);
    }
    open = this.open();
    this.peakOpen = Math.max(this.peakOpen, open.size);
    this.peakExcess = Math.max(this.peakExcess, open.size - Math.max(this.cap, this.busy.size));
  }

  /** What GET /_oja_stats answers the admin under `databases` (tests and bench:server read it). */
  stats(): OpenStats {
    return { cap: this.cap, open: this.open().size, in_use: this.busy.size, closed: this.closed, peak_open: this.peakOpen, peak_excess: this.peakExcess };
  }

  /** Mount in front of express-pouchdb: marks each request's database in use until it is answered. */
  middleware(): express.RequestHandler {
    return (req, res, next) => {
      const name = databaseOf(req.path);
      if (!name || KEPT.test(name)) return next();
      this.busy.set(name, (this.busy.get(name) ?? 0) + 1);
      this.used.delete(name);
      this.used.add(name);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (this.busy.get(name) ?? 1) - 1;
        if (left > 0) this.busy.set(name, left);
        else this.busy.delete(name);
        this.used.delete(name);
        this.used.add(name);
        this.trim();
      };
      res.on('finish', release);
      res.on('close', release);
      // A client that hung up while the gate was still checking its request (a dropped feed) closed the answer
      // before these listeners: its database was left marked in use for good.
      if (res.destroyed || req.socket.destroyed) release();
      this.trim();
      const closing = this.closing.get(name);
      if (closing) closing.then(() => next(), next);
      else next();
    };
  }
}
