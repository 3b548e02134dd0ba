/**
 * CouchDB's `_db_updates` for the embedded server: which databases changed since a point, as one feed for the
 * whole server, so the SMS dispatcher follows every business with one long-poll instead of one per business
 * (idle CPU grew with each business otherwise). Apache CouchDB (COUCH_URL) answers `_db_updates` itself.
 *
 * Every write reaches the embedded database through /db (the API and the dispatcher are HTTP clients too), so a
 * write answered with success (or cut off unanswered) there is noted here: one sequence number per note, kept
 * per database (the map holds one entry a database). Sequences are `{n}-{run}`. The notes are kept in
 * DATA_DIR/db-updates.json when the process exits cleanly, and the next start goes on with the same run, so a
 * restarted dispatcher asks what changed while it was away and reads only those businesses (issue 31: not
 * every database of thousands). After a crash the file says so, and the next start begins a new run: a
 * sequence of another run is answered 400, and the reader catches up everything.
 * Only the database admin may read the feed (the guard refuses members every `_`-led top-level path).
 *
 * One addition CouchDB lacks: an entry names, in `ids`, the documents written since the asked point whose ids
 * the `noted` test picks (the SMS dispatcher's messages), so the dispatcher delivers them without reading the
 * database's changes first: on LevelDB a `_changes` read costs a lookup per change, 2-8 ms each while tills
 * write (bench:server: 4 s for 500 changes), and a burst of writes held every message behind such reads. At
 * most NOTED_PER_DB ids are kept a database; `ids` is left out when some written since the point were let go
 * (the reader then reads the changes). The ids are those the request named (a refused document too).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../data-dir';
import type express from 'express';
import { segmentsOf } from './route';
import { MAX_WAIT_MS } from './limits';

type Update = { db_name: string; type: 'updated'; seq: string; ids?: string[] };
type Noted = { ids: Map<string, number>; dropped: number };
/** DATA_DIR/db-updates.json; `clean`: written at a clean exit (a crash leaves false: the next start is a new run). */
type Saved = { run: string; n: number; last: [string, number][]; clean: boolean };

const NOTED_PER_DB = 1000;

const WRITES = new Set(['PUT', 'POST', 'DELETE']);

/** The ids of the documents a write names: the path's (PUT/DELETE of a document), or its body's (_bulk_docs, POST /db). */
function writtenIds(req: express.Request, segments: string[]): string[] {
  if (segments.length === 2 && !segments[1].startsWith('_')) return [segments[1]];
  // The body as parsed by the guard (members) or express-pouchdb (the admin), by the time the answer is sent.
  const body = req.body as { docs?: unknown; _id?: unknown } | undefined;
  if (segments.length === 2 && segments[1] === '_bulk_docs' && Array.isArray(body?.docs))
    return body.docs.map((d: { _id?: unknown }) => d?._id).filter((id): id is string => typeof id === 'string');
  if (segments.length === 1 && typeof body?._id === 'string') return [body._id];
  return [];
}

export class DbUpdates {
  private n = 0;
  private run = randomBytes(4).toString('hex');
  /** Notes up to this one were made by an earlier start: which messages they wrote is not known. */
  private unknownUpTo = 0;
  private readonly last = new Map<string, number>();
  /**
   * Every note in sequence order, superseded ones too until rebuilt: an answer finds its first entry by
   * bisection instead of copying the map (15,000 databases at 5,000 businesses) for each long-poll.
   */
  private log: [string, number][] = [];
  private readonly waiting = new Set<() => void>();
  private readonly noted = new Map<string, Noted>();

  /** `noted`: which written documents' ids an entry carries (none by default); `file`: where the notes outlive the process. */
  constructor(
    private readonly notes: (id: string) => boolean = () => false,
    private readonly file?: string,
  ) {
    if (file) this.load(file);
  }

  private load(file: string): void {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
      if (saved.clean === true && typeof saved.run === 'string' && Number.isInteger(saved.n) && Array.isArray(saved.last)) {
        this.run = saved.run;
        this.n = this.unknownUpTo = saved.n;
        // Saved in sequence order.
        for (const [db, n] of saved.last) if (typeof db === 'string' && Number.isInteger(n) && n <= saved.n) this.last.set(db, n);
        this.log = [...this.last];
      }
    } catch {
      // None yet, or unreadable: a new run.
    }
    // Marked unclean until the exit writes it again.
    this.save(false);
    process.once('exit', () => this.save(true));
  }

  private save(clean: boolean): void {
    try {
      const saved: Saved = { run: this.run, n: this.n, last: [...this.last], clean };
      writeFileSync(this.file!, JSON.stringify(saved), { mode: PRIVATE_FILE_MODE });
    } catch (e) {
      console.error('Keeping the database updates failed:', e instanceof Error ? e.message : e);
    }
  }

  /** Notes that `db` changed (writing the documents `ids`) and wakes every long-poll waiting. */
  touch(db: string, ids: string[] = []): void {
    this.n += 1;
    // Re-inserted, so the map stays in sequence order and an answer walks it from its end.
    this.last.delete(db);
    this.last.set(db, this.n);
    this.log.push([db, this.n]);
    // Rebuilt from the map (one note a database, in order) when mostly superseded notes.
    if (this.log.length > 2 * this.last.size + 1000) this.log = [...this.last];
    const picked = ids.filter((id) => this.notes(id));
    if (picked.length) {
      let noted = this.noted.get(db);
      if (!noted) this.noted.set(db, (noted = { ids: new Map(), dropped: 0 }));
      for (const id of picked) {
        noted.ids.delete(id);
        noted.ids.set(id, this.n);
      }
      for (const [id, n] of noted.ids) {
        if (noted.ids.size <= NOTED_PER_DB) break;
        noted.ids.delete(id);
        noted.dropped = n;
      }
    }
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  private seq(n: number): string {
    return `${n}-${this.run}`;
  }

  /** The number a `since` names: 'now' the current one, none or 0 the start; undefined for another run's or a malformed one. */
  private numberOf(since: unknown): number | undefined {
    if (since === 'now') return this.n;
    if (since === undefined || since === '0' || since === 0) return 0;
    const [n, run] = String(since).split('-');
    const value = Number(n);
    return run === this.run && Number.isInteger(value) && value >= 0 ? Math.min(value, this.n) : undefined;
  }

  /** The databases changed after `after`, oldest first. */
  private after(after: number): Update[] {
    // The first note past `after` (the log is in sequence order); a database's latest note only.
    let lo = 0;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.log[mid][1] <= after) lo = mid + 1;
      else hi = mid;
    }
    const out: Update[] = [];
    for (let i = lo; i < this.log.length; i++) {
      const [db, n] = this.log[i];
      if (this.last.get(db) === n) out.push({ db_name: db, type: 'updated', seq: this.seq(n), ...this.idsOf(db, after) });
    }
    return out;
  }

  /** The noted ids of `db` written after `after`, unless some of those were let go. */
  private idsOf(db: string, after: number): { ids?: string[] } {
    if (after < this.unknownUpTo) return {};
    const noted = this.noted.get(db);
    if (!noted) return { ids: [] };
    if (noted.dropped > after) return {};
    const ids: string[] = [];
    for (const [id, n] of noted.ids) if (n > after) ids.push(id);
    return { ids };
  }

  /** Notes every successful write through /db (mount before the database server). */
  recorder(): express.RequestHandler {
    return (req, res, next) => {
      if (WRITES.has(req.method)) {
        const segments = segmentsOf(req.path);
        const db = segments?.[0];
        if (db && !db.startsWith('_')) {
          // A write cut off before its answer may have reached the database: noted too.
          let done = false;
          const note = () => {
            if (done) return;
            done = true;
            if (res.statusCode < 300 || !res.writableFinished) this.touch(db, writtenIds(req, segments!));
          };
          res.on('finish', note);
          res.on('close', note);
        }
      }
      next();
    };
  }

  /** GET /_db_updates?since=…&feed=normal|longpoll&timeout=ms (timeout within MAX_WAIT_MS). */
  route(): express.RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' || req.path !== '/_db_updates') return next();
      const after = this.numberOf(req.query.since);
      if (after === undefined) {
        res.status(400).json({ error: 'bad_request', reason: 'This sequence is not one of this server run.' });
        return;
      }
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
