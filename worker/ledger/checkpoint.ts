/**
 * Ledger checkpoints in the local-only database: every live entry in columns (so a cold start rebuilds the
 * sums and the statement indexes without reading a single movement document) plus the main database's
 * update_seq they include and the engine version that computed them.
 *
 * Written as chunk documents under a fresh generation, then the head document pointing at them, then the old
 * generation is removed: a crash half-way leaves the previous checkpoint intact. _local documents keep no
 * revision history, so rewriting them does not grow the database.
 */
import type { Database } from '../pouch';
import { LedgerState, type Entry } from './state';

/** Bump whenever postings rules change: older checkpoints are then recomputed. */
export const ENGINE_VERSION = 2;

const HEAD = '_local/ledger-checkpoint';
const CHUNK_ENTRIES = 50_000;

type Head = { _id: string; _rev?: string; version: number; seq: number; dbId: string; generation: number; chunks: number; entries: number; warehouses: string[] };

/** Stored as one JSON string: PouchDB deep-clones and walks every field of a document, not a string. */
type StoredChunk = { _id: string; _rev?: string; columns: string };

type Chunk = {
  /** Document ids and how many entries each has. */
  ids: string[];
  n: number[];
  /** Per entry: book, account (index into keys), delta, date, kind, warehouse (index, -1 none), expiry (null none). */
  keys: string[];
  b: number[];
  a: number[];
  d: number[];
  t: number[];
  k: number[];
  w: number[];
  x: (number | null)[];
};

const chunkId = (generation: number, i: number) => `_local/ledger-checkpoint-${generation}-${i}`;

async function getLocal<T>(db: Database, id: string): Promise<T | undefined> {
  try {
    return (await db.get(id)) as unknown as T;
  } catch (e) {
    if ((e as { status?: number }).status === 404) return undefined;
    throw e;
  }
}

export type Restored = { state: LedgerState; seq: number };

/** The checkpoint's state when it fits this database (same id, version, and not ahead of it); else undefined. */
export async function loadCheckpoint(local: Database, dbId: string, updateSeq: number): Promise<Restored | undefined> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head || head.version !== ENGINE_VERSION || head.dbId !== dbId || !(head.seq <= updateSeq)) return undefined;
  // allDocs does not list _local documents: read the chunks one by one (a handful of large documents).
  const chunks = await Promise.all(Array.from({ length: head.chunks }, (_, i) => getLocal<StoredChunk>(local, chunkId(head.generation, i))));
  const state = new LedgerState();
  for (const chunk of chunks) {
    if (!chunk) return undefined; // a missing chunk: recompute rather than trust a partial checkpoint
    restoreChunk(state, JSON.parse(chunk.columns) as Chunk, head.warehouses);
  }
  return { state, seq: head.seq };
}

function restoreChunk(state: LedgerState, c: Chunk, warehouses: string[]): void {
  let j = 0;
  for (let i = 0; i < c.ids.length; i++) {
    const entries: Entry[] = [];
    for (let m = 0; m < c.n[i]; m++, j++) {
      const w = c.w[j];
      const x = c.x[j];
      entries.push(state.insert(c.ids[i], c.b[j], c.keys[c.a[j]], c.d[j], c.t[j], c.k[j], w < 0 ? '' : warehouses[w], x === null ? NaN : x));
    }
    state.remember(c.ids[i], entries);
  }
}

/** Serialises the state (synchronously, so it is consistent with `seq`) and writes it. */
export async function saveCheckpoint(local: Database, state: LedgerState, seq: number, dbId: string): Promise<void> {
  const old = await getLocal<Head>(local, HEAD);
  const generation = (old?.generation ?? 0) + 1;
  const warehouseIndex = new Map<string, number>();
  const chunks: Chunk[] = [];
  let chunk: Chunk | undefined;
  let stored = 0;
  let keyIndex = new Map<string, number>();
  let total = 0;
  for (const [doc, value] of state.byDoc) {
    const entries = Array.isArray(value) ? value : [value];
    if (!chunk || chunk.b.length >= CHUNK_ENTRIES) {
      chunk = { ids: [], n: [], keys: [], b: [], a: [], d: [], t: [], k: [], w: [], x: [] };
      chunks.push(chunk);
      keyIndex = new Map();
    }
    chunk.ids.push(doc);
    chunk.n.push(entries.length);
    for (const e of entries) {
      const key = `${e.account.book}:${e.account.key}`;
      let a = keyIndex.get(key);
      if (a === undefined) {
        a = chunk.keys.length;
        keyIndex.set(key, a);
        chunk.keys.push(e.account.key);
      }
      let w = -1;
      if (e.warehouse) {
        w = warehouseIndex.get(e.warehouse) ?? warehouseIndex.size;
        warehouseIndex.set(e.warehouse, w);
      }
      chunk.b.push(e.account.book);
      chunk.a.push(a);
      chunk.d.push(e.delta);
      chunk.t.push(e.date);
      chunk.k.push(e.kind);
      chunk.w.push(w);
      chunk.x.push(Number.isNaN(e.expiry) ? null : e.expiry);
      total++;
    }
  }
  for (const c of chunks) {
    const doc: StoredChunk = { _id: chunkId(generation, stored++), columns: JSON.stringify(c) };
    await local.put(doc);
  }
  const head: Head = {
    _id: HEAD,
    _rev: old?._rev,
    version: ENGINE_VERSION,
    seq,
    dbId,
    generation,
    chunks: chunks.length,
    entries: total,
    warehouses: [...warehouseIndex.keys()],
  };
  await local.put(head as unknown as Record<string, unknown> & { _id: string });
  if (old) await removeGeneration(local, old.generation, old.chunks);
}

async function removeGeneration(local: Database, generation: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const doc = await getLocal<StoredChunk>(local, chunkId(generation, i));
    if (doc?._rev) await local.remove(doc._id, doc._rev);
  }
}

/** Drops the checkpoint (tests and the benchmark's "without checkpoint" run). */
export async function dropCheckpoint(local: Database): Promise<void> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head?._rev) return;
  await local.remove(HEAD, head._rev);
  await removeGeneration(local, head.generation, head.chunks);
}
