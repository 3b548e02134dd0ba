/**
 * The ledger engine: keeps a LedgerState in step with the main database's changes feed (local writes and
 * replicated ones alike), starting from the local checkpoint when it fits, or from a full recompute.
 * Reads are synchronous map lookups; `ready()` waits until every write made so far has been applied.
 */
import type { Databases } from '../db';
import type { Database } from '../pouch';
import { loadCheckpoint, saveCheckpoint } from './checkpoint';
import { expiryOf, type ExpiryView } from './expiry';
import { Book, MONEY_SCALE, QTY_SCALE } from './postings';
import { LedgerState } from './state';

/** The contract every domain reads balances through (TEAM.md 'Shared contracts'). */
export type Ledger = {
  stock(itemId: string, opts?: { warehouse?: string }): number;
  expiry(itemId: string): { closest?: number; batches: { expiry_date: number; quantity: number }[] };
  client(accountRef: string): number;
  bank(ref: string): number;
  ready(): Promise<void>;
};

export type LedgerEngine = Ledger & {
  /** The live state (statements read its per-account entries). */
  state(): LedgerState;
  expiryView(itemId: string): ExpiryView;
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
  let feed: PouchDB.Core.Changes<Record<string, unknown>> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstUnsaved = 0;
  let saving: Promise<void> = Promise.resolve();
  const waiters: { target: number; resolve: () => void }[] = [];

  const wake = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (seen >= waiters[i].target) {
        waiters[i].resolve();
        waiters.splice(i, 1);
      }
    }
  };

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
    await started;
    const run = saving.then(async () => {
      if (closed || savedSeq === seen) return;
      const seq = seen;
      firstUnsaved = 0;
      await saveCheckpoint(db.local, state, seq, dbId);
      savedSeq = seq;
    });
    saving = run.catch(() => undefined);
    return run;
  }

  const started = (async () => {
    const info = await db.main.info();
    // The database's own uuid: a checkpoint of a destroyed and recreated database must not be reused.
    dbId = await (db.main as unknown as { id(): Promise<string> }).id();
    const updateSeq = Number(info.update_seq);
    const restored = await loadCheckpoint(db.local, dbId, updateSeq).catch(() => undefined);
    if (restored) {
      state = restored.state;
      seen = restored.seq;
      savedSeq = restored.seq;
      origin = 'checkpoint';
    } else {
      const full = await recompute(db.main);
      state = full.state;
      seen = full.seq;
      origin = 'recompute';
    }
    if (closed) return;
    feed = db.main.changes({ since: seen, live: true, include_docs: true });
    feed.on('change', (c) => {
      state.apply(c.id, c.deleted ? undefined : (c.doc as Record<string, unknown> | undefined));
      seen = Math.max(seen, Number(c.seq));
      wake();
      scheduleCheckpoint();
    });
    feed.on('error', (e) => console.error('ledger changes feed failed', e));
    // A recompute is expensive: keep its result even if nothing else changes.
    if (origin === 'recompute' && seen > 0) scheduleCheckpoint(Math.min(delay, 1000));
  })();
  started.catch((e) => console.error('ledger start failed', e));

  const stockAccount = (id: string) => state.account(Book.Stock, id);

  return {
    stock(itemId, opts) {
      const a = stockAccount(itemId);
      if (!a) return 0;
      const v = opts?.warehouse === undefined ? a.total : (a.warehouses?.get(opts.warehouse) ?? 0);
      return v / QTY_SCALE;
    },
    expiry(itemId) {
      const v = expiryOf(stockAccount(itemId));
      return { closest: v.closest, batches: v.batches };
    },
    expiryView: (itemId) => expiryOf(stockAccount(itemId)),
    client: (ref) => (state.account(Book.Client, ref)?.total ?? 0) / MONEY_SCALE,
    bank: (ref) => (state.account(Book.Bank, ref)?.total ?? 0) / MONEY_SCALE,
    async ready() {
      await started;
      const target = Number((await db.main.info()).update_seq);
      if (seen >= target) return;
      await new Promise<void>((resolve) => waiters.push({ target, resolve }));
    },
    state: () => state,
    origin: () => origin,
    checkpoint,
    async close() {
      await started.catch(() => undefined);
      if (timer) clearTimeout(timer);
      await saving;
      closed = true;
      feed?.cancel();
      for (const w of waiters.splice(0)) w.resolve();
    },
  };
}
