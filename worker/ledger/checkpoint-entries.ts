/**
 * The checkpoint's per-entry columns, in chunks of documents sorted by id. The head keeps each chunk's first
 * document id, so the entries one document had at checkpoint time are found by reading a single chunk: what a
 * change that arrives before the background restore needs to take that document's old entries back out.
 */
import type { Database } from '../pouch';
import type { Book } from './postings';
import type { LedgerState } from './state';

const CHUNK_ENTRIES = 20_000;

/** Stored as one JSON string: PouchDB deep-clones and walks every field of a document, not a string. */
export type StoredChunk = { _id: string; _rev?: string; columns: string };

export type Chunk = {
  /** Document ids (ascending) and how many entries each has. */
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

/** One stored entry, as read back for a single document. */
export type StoredEntry = { book: Book; key: string; delta: number; date: number; kind: number; warehouse: string; expiry: number };

export const chunkId = (generation: number, i: number) => `_local/ledger-checkpoint-${generation}-${i}`;

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every live entry in chunks, documents in id order; `warehouseIndex` interns warehouse names. */
export function encodeChunks(state: LedgerState, warehouseIndex: (name: string) => number, chunkEntries = CHUNK_ENTRIES): { chunks: Chunk[]; firstIds: string[]; entries: number } {
  const chunks: Chunk[] = [];
  const firstIds: string[] = [];
  let chunk: Chunk | undefined;
  let keyIndex = new Map<string, number>();
  let total = 0;
  for (const doc of [...state.byDoc.keys()].sort(byId)) {
    const value = state.byDoc.get(doc)!;
    const entries = Array.isArray(value) ? value : [value];
    if (!chunk || chunk.b.length >= chunkEntries) {
      chunk = { ids: [], n: [], keys: [], b: [], a: [], d: [], t: [], k: [], w: [], x: [] };
      chunks.push(chunk);
      firstIds.push(doc);
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
      chunk.b.push(e.account.book);
      chunk.a.push(a);
      chunk.d.push(e.delta);
      chunk.t.push(e.date);
      chunk.k.push(e.kind);
      chunk.w.push(e.warehouse ? warehouseIndex(e.warehouse) : -1);
      chunk.x.push(Number.isNaN(e.expiry) ? null : e.expiry);
      total++;
    }
  }
  return { chunks, firstIds, entries: total };
}

/** A parsed chunk plus where each document's entries start. */
export type ReadChunk = Chunk & { start: number[] };

/** Reads chunks on demand (each once) from one checkpoint generation. */
export class CheckpointEntries {
  private readonly parsed = new Map<number, Promise<ReadChunk>>();

  constructor(
    private readonly local: Database,
    private readonly generation: number,
    readonly firstIds: string[],
    readonly warehouses: string[],
  ) {}

  get count(): number {
    return this.firstIds.length;
  }

  /** The chunk that would hold `doc` (the last one whose first id is not after it), -1 when before all. */
  chunkOf(doc: string): number {
    let lo = 0;
    let hi = this.firstIds.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.firstIds[mid] <= doc) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** Rejects when the chunk is missing: the checkpoint is then not to be trusted. */
  chunk(i: number): Promise<ReadChunk> {
    let p = this.parsed.get(i);
    if (!p) {
      p = this.local.get<StoredChunk>(chunkId(this.generation, i)).then((doc) => {
        const c = JSON.parse(doc.columns) as ReadChunk;
        c.start = new Array<number>(c.ids.length);
        for (let d = 0, j = 0; d < c.ids.length; j += c.n[d], d++) c.start[d] = j;
        return c;
      });
      this.parsed.set(i, p);
    }
    return p;
  }

  /** Frees a chunk once its entries are restored. */
  release(i: number): void {
    this.parsed.delete(i);
  }
}

/** Position of `doc` in a chunk's ascending ids, -1 when absent. */
export function indexOf(ids: string[], doc: string): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] === doc) return mid;
    if (ids[mid] < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The entries of the chunk's `d`-th document. */
export function entriesAt(c: ReadChunk, d: number, warehouses: string[]): StoredEntry[] {
  const out: StoredEntry[] = [];
  for (let j = c.start[d], end = j + c.n[d]; j < end; j++) {
    const w = c.w[j];
    const x = c.x[j];
    out.push({ book: c.b[j] as Book, key: c.keys[c.a[j]], delta: c.d[j], date: c.t[j], kind: c.k[j], warehouse: w < 0 ? '' : warehouses[w], expiry: x === null ? NaN : x });
  }
  return out;
}
