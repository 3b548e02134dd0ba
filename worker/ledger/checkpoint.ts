/**
 * Ledger checkpoints in the local-only database: the head holds every account's balance (small), the main
 * database's update_seq they include and the engine version that computed them; chunk documents hold every
 * live entry in columns, documents in id order (worker/ledger/checkpoint-entries.ts). A cold start answers
 * balances from the head alone and restores the entries in the background (worker/ledger/restore.ts).
 *
 * Written as chunk documents under a fresh generation, then the head pointing at them, then the old
 * generation is removed: a crash half-way leaves the previous checkpoint intact. _local documents keep no
 * revision history, so rewriting them does not grow the database.
 *
 * Every field of the head is a string or a number: PouchDB's IndexedDB adapter keeps a second, rewritten copy of
 * a document with an array or object field (its copy for indexing, which a _local document never uses), so a
 * head with `warehouses` and `firstIds` as arrays stored and read its balances (2 MB of JSON at M) twice. Heads
 * written that way are still read.
 */
import { getLocal } from '../db';
import type { Database } from '../pouch';
import { encodeBalances, restoreBalances, type StoredBalances } from './balances';
import { CheckpointEntries, chunkId, encodeChunks, type StoredChunk } from './checkpoint-entries';
import type { LedgerState } from './state';
import { putDoc, removeDoc } from '../writes';

/**
 * Bump whenever postings rules or the stored layout change: older checkpoints are then recomputed.
 * 4: a sale posts Total − Amount paid to the customer (version 3 also took the VAT off).
 * 5: an issue's amount paid moves the cash account (issue 39).
 */
export const ENGINE_VERSION = 5;

const HEAD = '_local/ledger-checkpoint';

type Head = {
  _id: string;
  _rev?: string;
  version: number;
  seq: number;
  dbId: string;
  generation: number;
  chunks: number;
  entries: number;
  /** JSON of the warehouse names (an array in heads written before). */
  warehouses: string | string[];
  /** JSON of the first document id of each chunk (chunks hold documents in id order); an array before. */
  firstIds: string | string[];
  /** StoredBalances as one JSON string (PouchDB walks every field of an object, not a string). */
  balances: string;
};

/** Balances ready to answer from, plus the reader of the entries still to restore. */
export type Restored = { state: LedgerState; seq: number; entries: CheckpointEntries };

/** The checkpoint when it fits this database (same id, version, and not ahead of it); else undefined. */
export async function loadCheckpoint(local: Database, dbId: string, updateSeq: number): Promise<Restored | undefined> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head || head.version !== ENGINE_VERSION || head.dbId !== dbId || !(head.seq <= updateSeq)) return undefined;
  const list = (v: string | string[]) => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);
  const firstIds = list(head.firstIds);
  const warehouses = list(head.warehouses);
  if (firstIds.length !== head.chunks) return undefined;
  const state = restoreBalances(JSON.parse(head.balances) as StoredBalances, warehouses);
  return { state, seq: head.seq, entries: new CheckpointEntries(local, head.generation, firstIds, warehouses) };
}

/** Serialises the state (synchronously, so it is consistent with `seq`) and writes it. */
export async function saveCheckpoint(local: Database, state: LedgerState, seq: number, dbId: string, chunkEntries?: number): Promise<void> {
  const warehouseIndex = new Map<string, number>();
  const intern = (name: string) => {
    let w = warehouseIndex.get(name);
    if (w === undefined) warehouseIndex.set(name, (w = warehouseIndex.size));
    return w;
  };
  const { chunks, firstIds, entries } = encodeChunks(state, intern, chunkEntries);
  const balances = JSON.stringify(encodeBalances(state, intern));
  const old = await getLocal<Head>(local, HEAD);
  const generation = (old?.generation ?? 0) + 1;
  for (let i = 0; i < chunks.length; i++) {
    const doc: StoredChunk = { _id: chunkId(generation, i), columns: JSON.stringify(chunks[i]) };
    await putDoc(local, doc);
  }
  const head: Head = {
    _id: HEAD,
    _rev: old?._rev,
    version: ENGINE_VERSION,
    seq,
    dbId,
    generation,
    chunks: chunks.length,
    entries,
    warehouses: JSON.stringify([...warehouseIndex.keys()]),
    firstIds: JSON.stringify(firstIds),
    balances,
  };
  await putDoc(local, head);
  if (old) await removeGeneration(local, old.generation, old.chunks);
}

async function removeGeneration(local: Database, generation: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const doc = await getLocal<StoredChunk>(local, chunkId(generation, i));
    if (doc?._rev) await removeDoc(local, { _id: doc._id, _rev: doc._rev });
  }
}

/** Drops the checkpoint (tests and the benchmark's "without checkpoint" run). */
export async function dropCheckpoint(local: Database): Promise<void> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head?._rev) return;
  await removeDoc(local, { _id: HEAD, _rev: head._rev });
  await removeGeneration(local, head.generation, head.chunks);
}
