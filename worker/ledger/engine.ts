/**
 * The ledger engine: keeps a LedgerState in step with the main database's changes feed (local writes and
 * replicated ones alike, through ../changes-hub.ts), starting from the local checkpoint when it fits, or from
 * a full recompute.
 * Reads are synchronous map lookups; `ready()` waits until every write made so far is in the balances.
 * From a checkpoint, balances come first and the entries (statements, expiry) are restored in the background:
 * `entriesReady()` waits for them too.
 */
import type { Databases } from '../db';
import type { Database } from '../pouch';
import type { MainDoc } from '../../commands/docs';
import { changesHub, type Change, type Subscription } from '../changes-hub';
import { loadCheckpoint, saveCheckpoint } from './checkpoint';
import { EntryRestore } from './restore';
import { expiryOf, type ExpiryView } from './expiry';
import { Book, MONEY_SCALE, QTY_SCALE } from './postings';
import { LedgerState } from './state';
import { stockColumn } from './stock-column';

/** The contract every domain reads balances through (TEAM.md 'Shared contracts'). */
export type Ledger = {
  stock(itemId: string, opts?: { warehouse?: string }): number;
  /** From the entries: after a cold start, await `entriesReady()` first (it throws while they are loading). */
  expiry(itemId: string): { closest?: number; batches: { expiry_date: number; quantity: number }[] };
  client(accountRef: string): number;
  bank(ref: string): number;
  ready(): Promise<void>;
};

export type LedgerEngine = Ledger & {
  /** Resolves once `ready()` has and every entry is in memory: await it before statements and expiry. */
  entriesReady(): Promise<void>;
  /** The live state (statements read its per-account entries, after `entriesReady()`). */
  state(): LedgerState;
  /** `stock()` of every item of a list, in its order: one field read per item after the first call (stock-column.ts). */
  stockColumn(items: readonly { _id: string }[], warehouse?: string): Float64Array;
  /** Changes whenever any balance or expiry may have (a change applied, entries restored, the state replaced). */
  version(): number;
  /** With a warehouse: that warehouse's batches only. */
  expiryView(itemId: string, warehouse?: string): ExpiryView;
  /** Milliseconds from the engine's creation to each start-up phase (diagnostics and the benchmark). */
  phases(): [string, number][];
  /** How the current state started: from the checkpoint or a full recompute. */
  origin(): 'checkpoint' | 'recompute';
  /** Writes a checkpoint now (also happens by itself a little after changes stop). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
};

export type LedgerOptions = {
  /** Quiet time after the last change before a checkpoint is written. */
  checkpointDelayMs?: number;
  /** Checkpoint at least this often while changes keep coming. */
  checkpointMaxWaitMs?: number;
  /** Entries per checkpoint chunk (tests use tiny chunks to cover several). */
  checkpointChunkEntries?: number;
  /** After a checkpoint start, how long the entries' restore waits unless something needs them first. */
  entriesDelayMs?: number;
};

const PAGE = 5000;

/** Full recompute: every current document of the main database, read in pages; seq is taken before reading. */
export async function recompute(main: Database): Promise<{ state: LedgerState; seq: number }> {
  const seq = Number((await main.info()).update_seq);
  const state = new LedgerState();
  let startkey: string | undefined;
  for (;;) {
    const res = await main.allDocs({ include_docs: true, limit: PAGE, ...(startkey === undefined ? {} : { startkey, skip: 1 }) });
    for (const row of res.rows) if (row.doc) state.apply(row.id, row.doc as Record<string, unknown>);
    if (res.rows.length < PAGE) break;
    startkey = res.rows[res.rows.length - 1].id;
  }
  return { state, seq };
}

export function createLedger(db: Databases, options: LedgerOptions = {}): LedgerEngine {
  // A checkpoint rewrites every entry (tens of MB for a large shop): write it when the shop goes quiet, not
  // after every sale; a cold start replays whatever came after it, which is cheap for minutes of activity.
  const delay = options.checkpointDelayMs ?? 15_000;
  const maxWait = options.checkpointMaxWaitMs ?? 300_000;
  let state = new LedgerState();
  let origin: 'checkpoint' | 'recompute' = 'recompute';
  let seen = 0;
  let savedSeq = -1;
  let dbId = '';
  let closed = false;
  let feed: Subscription | undefined;
  /** Bumped when the feed restarts: changes queued for an earlier state are dropped. */
  let feedRun = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstUnsaved = 0;
  let saving: Promise<void> = Promise.resolve();
  /** Set while a checkpoint's entries are being restored; changes then go through `queue`, one at a time. */
  let restore: EntryRestore | undefined;
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  /** True once the state holds every entry (never save a checkpoint before). */
  let complete = false;
  let entriesLoaded: Promise<void> = Promise.resolve();
  /** Starts a waiting restore now (a statement, expiry or checkpoint needs the entries). */
  let demand: () => void = () => undefined;
  const demanded = new Promise<void>((resolve) => (demand = resolve));
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const waiters: { target: number; resolve: () => void }[] = [];
  const born = performance.now();
  const phases: [string, number][] = [];
  const mark = (phase: string) => phases.push([phase, Math.round(performance.now() - born)]);

  const wake = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (seen >= waiters[i].target) {
        waiters[i].resolve();
        waiters.splice(i, 1);
      }
    }
  };
  const reach = (target: number) => (seen >= target ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ target, resolve })));

  const scheduleCheckpoint = (quiet = delay) => {
    if (closed) return;
    const now = Date.now();
    if (!firstUnsaved) firstUnsaved = now;
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(quiet, firstUnsaved + maxWait - now));
    timer = setTimeout(() => {
      timer = undefined;
      void checkpoint().catch((e) => console.error('ledger checkpoint failed', e));
    }, wait);
  };

  async function checkpoint(): Promise<void> {
    demand();
    await started;
    await entriesLoaded;
    const run = saving.then(async () => {
      if (closed || !complete || savedSeq === seen) return;
      const seq = seen;
      firstUnsaved = 0;
      await saveCheckpoint(db.local, state, seq, dbId, options.checkpointChunkEntries);
      savedSeq = seq;
    });
    saving = run.catch(() => undefined);
    return run;
  }

  const applyChange = (c: Change<MainDoc>) => {
    state.apply(c.id, c.deleted ? undefined : (c.doc as Record<string, unknown> | undefined));
    seen = Math.max(seen, Number(c.seq));
    wake();
    scheduleCheckpoint();
  };

  function listen(): void {
    const run = ++feedRun;
    feed?.cancel();
    feed = changesHub(db.main).subscribe(
      seen,
      (c) => {
        if (run !== feedRun) return;
        if (!restore && !queued) return applyChange(c);
        // Entries still loading: the document's checkpoint entries may have to come out of the balances first.
        queued++;
        queue = queue
          .then(async () => {
            if (restore) await restore.supersede(c.id);
            if (run === feedRun) applyChange(c);
          })
          .catch((e) => distrust(e))
          .finally(() => queued--);
      },
      (e) => console.error('ledger changes feed failed', e),
    );
  }

  async function fromRecompute(): Promise<void> {
    const full = await recompute(db.main);
    state = full.state;
    seen = full.seq; // the feed replays from here: applying a document again only replaces its entries
    origin = 'recompute';
    complete = true;
  }

  let recovery: Promise<void> | undefined;
  /** A checkpoint chunk could not be read: start over from every document (balances were answered meanwhile). */
  function distrust(e: unknown): Promise<void> {
    recovery ??= (async () => {
      if (closed) return;
      console.error('ledger checkpoint entries unreadable, recomputing', e);
      restore = undefined;
      feedRun++;
      feed?.cancel();
      await fromRecompute();
      if (closed) return;
      listen();
      wake();
      scheduleCheckpoint(Math.min(delay, 1000));
    })();
    return recovery;
  }

  /** Restores the entries once the balances have caught up with the database, when needed or the worker is idle. */
  async function restoreEntries(r: EntryRestore, target: number): Promise<void> {
    await reach(target);
    // Restoring takes the worker's thread for a while: let the first screens (item index, store page) go first.
    await Promise.race([demanded, new Promise<void>((resolve) => (idleTimer = setTimeout(resolve, options.entriesDelayMs ?? 2000)))]);
    clearTimeout(idleTimer);
    try {
      await r.restoreAll(() => closed || restore !== r);
    } catch (e) {
      return distrust(e);
    }
    if (recovery) return recovery;
    if (closed) return;
    restore = undefined; // every chunk is in byDoc: changes apply directly again
    complete = true;
    mark('entries restored');
  }

  const started = (async () => {
    const info = await db.main.info();
    // The database's own uuid: a checkpoint of a destroyed and recreated database must not be reused.
    dbId = await (db.main as unknown as { id(): Promise<string> }).id();
    const updateSeq = Number(info.update_seq);
    const restored = await loadCheckpoint(db.local, dbId, updateSeq).catch(() => undefined);
    mark('balances read');
    if (restored) {
      state = restored.state;
      seen = restored.seq;
      savedSeq = restored.seq;
      origin = 'checkpoint';
      restore = new EntryRestore(state, restored.entries);
    } else {
      await fromRecompute();
    }
    if (closed) return;
    listen();
    if (restore) entriesLoaded = restoreEntries(restore, updateSeq);
    // A recompute is expensive: keep its result even if nothing else changes.
    if (origin === 'recompute' && seen > 0) scheduleCheckpoint(Math.min(delay, 1000));
  })();
  started.catch((e) => console.error('ledger start failed', e));

  const stockAccount = (id: string) => state.account(Book.Stock, id);
  const expiryView = (itemId: string, warehouse?: string) => {
    if (!complete) throw new Error('ledger entries are still loading: await ctx.ledger.entriesReady() before expiry');
    return expiryOf(stockAccount(itemId), warehouse);
  };

  async function ready(): Promise<void> {
    await started;
    await reach(Number((await db.main.info()).update_seq));
  }

  return {
    stock(itemId, opts) {
      const a = stockAccount(itemId);
      if (!a) return 0;
      const v = opts?.warehouse === undefined ? a.total : (a.warehouses?.get(opts.warehouse) ?? 0);
      return v / QTY_SCALE;
    },
    expiry(itemId) {
      const v = expiryView(itemId);
      return { closest: v.closest, batches: v.batches };
    },
    expiryView,
    client: (ref) => (state.account(Book.Client, ref)?.total ?? 0) / MONEY_SCALE,
    bank: (ref) => (state.account(Book.Bank, ref)?.total ?? 0) / MONEY_SCALE,
    ready,
    async entriesReady() {
      demand();
      await ready();
      await entriesLoaded;
    },
    state: () => state,
    stockColumn: (items, warehouse) => stockColumn(state, items, warehouse),
    version: () => state.version,
    phases: () => phases,
    origin: () => origin,
    checkpoint,
    async close() {
      await started.catch(() => undefined);
      closed = true; // stops a background restore between chunks
      demand();
      feedRun++;
      feed?.cancel();
      for (const w of waiters.splice(0)) w.resolve();
      await entriesLoaded;
      if (timer) clearTimeout(timer);
      await saving;
    },
  };
}
