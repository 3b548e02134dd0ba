/// <reference lib="webworker" />
/**
 * The benchmark's worker: the real backend (createBackend on the indexeddb adapter, as worker/main.ts runs it)
 * plus the loading step and the two baselines — the naive balance (pouchdb-find over movement documents, as
 * the spec's definition reads) and the physical floor (raw IndexedDB getAll of the document store).
 */
import * as Comlink from 'comlink';
import type { Args, CommandName } from '../../commands/index';
import { benchUser } from '../../tests/support/fixtures';
import { seedDocs } from '../../tests/support/seed';
import { createBackend, type NodeBackend } from '../../worker/backend';
import { closeDatabases, openDatabases, untyped } from '../../worker/db';
import { itemIndex } from '../../worker/items/search/item-index';
import { dropCheckpoint } from '../../worker/ledger/checkpoint';
import { Book, postingsOf, QTY_SCALE } from '../../worker/ledger/postings';
import { DATA_VERSION, generate, itemDoc, itemId, SEED, SIZES, type SizeName } from './data';

const NAME = 'bench';
/** More documents than any item has in any set (L: 1,000,000 movements in all). */
const NAIVE_LIMIT = 10_000_000;
const MARKER = '_local/bench-data';
const USER = benchUser('bench', 'B');

let backend: NodeBackend | undefined;
let openedAt = 0;
const now = () => performance.now();

/** `levelsUnits`: the items carry issue 28's level prices and cartons (scripts/bench/levels-units.ts). */
type Marker = { _id: string; _rev?: string; size: string; version: number; seed: number; docs: number; levelsUnits?: boolean };

const api = {
  /** Writes the data set unless this profile already holds the same one. */
  async load(size: SizeName, onProgress?: (docs: number) => void, levelsUnits = false): Promise<{ docs: number; ms: number; reused: boolean }> {
    let dbs = await openDatabases(NAME, 'indexeddb');
    const marker: Marker | undefined = await dbs.local.get<Marker>(MARKER).catch(() => undefined);
    if (marker && marker.size === size && marker.version === DATA_VERSION && marker.seed === SEED) {
      if (!!marker.levelsUnits === levelsUnits) {
        await closeDatabases(dbs);
        return { docs: marker.docs, ms: 0, reused: true };
      }
      if (levelsUnits) {
        // A copy of the plain set's profile (run.ts makes one): only the items differ, so rewrite just those
        // (a minute at M, against the quarter of an hour the whole set takes to write).
        const t = now();
        const main = untyped(dbs.main);
        for (let start = 0; start < SIZES[size].items; start += 2000) {
          const ids = Array.from({ length: Math.min(2000, SIZES[size].items - start) }, (_, k) => itemId(start + k));
          const revs = (await main.allDocs({ keys: ids })).rows.map((r) => ('value' in r && r.value ? r.value.rev : undefined));
          await seedDocs(main, ids.map((_, k) => ({ ...itemDoc(start + k, true), ...(revs[k] ? { _rev: revs[k] } : {}) })));
        }
        await dbs.local.put({ ...marker, levelsUnits: true });
        await closeDatabases(dbs);
        return { docs: marker.docs, ms: now() - t, reused: false };
      }
    }
    if (marker) {
      await Promise.all(Object.values(dbs).map((d) => d.destroy()));
      dbs = await openDatabases(NAME, 'indexeddb');
    }
    const t = now();
    let docs = 0;
    for (const batch of generate(size, 2000, levelsUnits)) {
      await seedDocs(untyped(dbs.main), batch);
      docs += batch.length;
      if (docs % 50_000 < batch.length) onProgress?.(docs);
    }
    await dbs.local.put({ _id: MARKER, size, version: DATA_VERSION, seed: SEED, docs, ...(levelsUnits ? { levelsUnits } : {}) });
    await closeDatabases(dbs);
    return { docs, ms: now() - t, reused: false };
  },

  async dropCheckpoint(): Promise<void> {
    const dbs = await openDatabases(NAME, 'indexeddb');
    await dropCheckpoint(dbs.local);
    await closeDatabases(dbs);
  },

  /** Cold start: the backend, then the first store page (which waits for the item index and the ledger). */
  async open(): Promise<{ ms: number; startedAt: number; ledgerMs: number; indexMs: number; backendMs: number; phases: string; indexPhases: string; origin: string; rows: number; ids: string[] }> {
    const t = now();
    openedAt = t;
    // When this call began, on the clock the page shares (performance.timeOrigin): the page subtracts its spawn
    // time to get the worker's own start-up (script fetched, compiled and run, first message).
    const startedAt = performance.timeOrigin + t;
    backend = await createBackend({ adapter: 'indexeddb', name: NAME, user: USER });
    const backendMs = now() - t;
    // The ledger's and the item index's shares of the cold start (they load side by side).
    let ledgerMs = 0;
    let indexMs = 0;
    const ledgerReady = backend.ctx.ledger.ready().then(() => (ledgerMs = now() - t));
    const indexReady = itemIndex(backend.ctx.db).ready().then(() => (indexMs = now() - t));
    const page = await backend.dispatch('store-list', { offset: 0, limit: 100 });
    await Promise.all([ledgerReady, indexReady]);
    if (!page.ok) throw new Error(page.error.message);
    const phases = backend.ctx.ledger.phases().map(([p, ms]) => `${p} ${ms}`).join(', ');
    const indexPhases = itemIndex(backend.ctx.db).phases().map(([p, ms]) => `${p} ${ms}`).join(', ');
    return { ms: now() - t, startedAt, ledgerMs, indexMs, backendMs, phases, indexPhases, origin: backend.ctx.ledger.origin(), rows: page.value.rows.length, ids: page.value.rows.map((r) => r._id) };
  },

  /** After the first page: asks for the ledger's entries (a statement would) and times them from the worker's start. */
  async entriesReady(): Promise<{ ms: number; phases: string }> {
    await backend!.ctx.ledger.entriesReady();
    return { ms: now() - openedAt, phases: backend!.ctx.ledger.phases().map(([p, ms]) => `${p} ${ms}`).join(', ') };
  },

  async dispatch<K extends CommandName>(name: K, input: Args<K>) {
    if (!backend) throw new Error('backend not open');
    return backend.dispatch(name, input);
  },

  /** Waits for the backend's change feeds (the settings cache after config-set). */
  async settled(): Promise<void> {
    await backend!.settled();
  },

  async checkpoint(): Promise<number> {
    const t = now();
    await backend!.ctx.ledger.checkpoint();
    return now() - t;
  },

  /** One balance read inside the worker (no message round trip), median over many reads, in ms. */
  balanceInWorker(ids: string[]): number {
    const rounds = 20_000;
    let sum = 0;
    const t = now();
    for (let i = 0; i < rounds; i++) sum += backend!.ctx.ledger.stock(ids[i % ids.length]);
    const per = (now() - t) / rounds;
    return sum === Infinity ? -1 : per;
  },

  ledgerBalances(ids: string[]): number[] {
    return ids.map((id) => backend!.ctx.ledger.stock(id));
  },

  /** The naive way needs find indexes on the item id fields; building them is timed apart. */
  async naiveSetup(): Promise<number> {
    const t = now();
    await backend!.ctx.db.main.createIndex({ index: { fields: ['id'] } });
    await backend!.ctx.db.main.createIndex({ index: { fields: ['item.id'] } });
    // The first query brings the indexes up to date.
    await backend!.ctx.db.main.find({ selector: { id: 'none' }, limit: 1 });
    await backend!.ctx.db.main.find({ selector: { 'item.id': 'none' }, limit: 1 });
    return now() - t;
  },

  /** A store page the naive way: per item, find its movement documents and sum quantity × factor. */
  async naiveStorePage(ids: string[]): Promise<{ ms: number; balances: number[] }> {
    const main = untyped(backend!.ctx.db.main);
    const t = now();
    const balances: number[] = [];
    for (const id of ids) {
      // pouchdb-find answers 25 documents unless told otherwise (CouchDB's default): at L an item has more.
      const all = { limit: NAIVE_LIMIT };
      const [lines, others] = await Promise.all([main.find({ selector: { id }, ...all }), main.find({ selector: { 'item.id': id }, ...all })]);
      let sum = 0;
      for (const doc of [...lines.docs, ...others.docs]) {
        for (const p of postingsOf(doc)) if (p.book === Book.Stock && p.account === id) sum += p.delta;
      }
      balances.push(sum / QTY_SCALE);
    }
    return { ms: now() - t, balances };
  },

  /** The floor of any scan: every document of the store read raw from IndexedDB in one getAll. */
  async idbFloor(): Promise<{ ms: number; docs: number }> {
    const dbName = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.endsWith(NAME) && !n.includes('-'));
    if (!dbName) throw new Error('bench database not found');
    const t = now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = await new Promise<unknown[]>((resolve, reject) => {
      const req = db.transaction('docs', 'readonly').objectStore('docs').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const ms = now() - t;
    db.close();
    return { ms, docs: all.length };
  },


  async close(): Promise<void> {
    await backend?.close();
    backend = undefined;
  },
};

export type BenchWorker = typeof api;

Comlink.expose(api);
