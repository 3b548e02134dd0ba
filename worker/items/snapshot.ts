/**
 * A snapshot of the item index in the device-only database, so a cold start reads a few chunk documents
 * instead of every item and starting-stock document; the changes since its sequence are applied on top.
 * Chunks are `_local` documents: they keep no revision history, so saving often never grows the database.
 * A snapshot from a later sequence than the database has (a replaced database) is ignored.
 *
 * Version 2 keeps each chunk's items as one JSON string, in the index's name order. The string: PouchDB's
 * IndexedDB adapter stores a second, rewritten copy of any document with an array or object field (its
 * copy for indexing, which a `_local` document never uses), so version 1's chunks of item objects were
 * stored, read and deserialised twice; a document of strings and numbers is stored once. The name order:
 * loaded in it, the index's name sort on the first store page runs over sorted input. Version 1 snapshots
 * (chunks of item objects) are still read; the next save rewrites them as version 2.
 *
 * Each save writes its chunks under a new generation, then the head naming it, then removes the previous
 * generation's chunks (as the ledger checkpoint does): a save cut short (the worker closed or killed half-way)
 * leaves the previous snapshot whole. Heads without a generation (version 1, and the first version 2 saves) name
 * chunks by position alone.
 */
import { asKind, type ItemDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { getLocal } from '../db';
import type { Database } from '../pouch';
import { putDoc, removeDoc } from '../writes';

const HEAD = '_local/item-index-head';
const CHUNK = 2000;
/** The version written; 1 is still read. */
const VERSION = 2;

type Head = { _id: string; _rev?: string; version: number; seq: number; chunks: number; generation?: number };
/** `items`: version 1 the item documents, version 2 their JSON and the sequence of the save that wrote it. */
type Chunk = { _id: string; _rev?: string; items: ItemDoc[] | string; seq?: number };

const chunkId = (generation: number | undefined, i: number) => (generation ? `_local/item-index-${generation}-${i}` : `_local/item-index-${i}`);

/**
 * A chunk's items, or undefined when it is missing, not of the head's version, or (version 2) written by another
 * save than the head's: a save cut short leaves the old head over some new chunks, and as items shift between
 * chunks an item could then be in none of them.
 */
function itemsOf(chunk: Chunk | undefined, head: Head): ItemDoc[] | undefined {
  if (!chunk) return undefined;
  if (head.version === 1) return Array.isArray(chunk.items) ? chunk.items : undefined;
  return typeof chunk.items === 'string' && chunk.seq === head.seq ? (JSON.parse(chunk.items) as ItemDoc[]) : undefined;
}

/** `stale`: written in an older layout (the index then saves a new one). */
export async function loadSnapshot(local: Database, currentSeq: number): Promise<{ seq: number; items: ItemDoc[]; stale: boolean } | undefined> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head || (head.version !== 1 && head.version !== VERSION) || head.seq > currentSeq) return undefined;
  // Each chunk is parsed as it arrives, between the reads of the others. Parsed all at once after the last read,
  // the 50,000 items were all new to the heap together, and the index's first puts paid for the collector moving
  // them (its put loop took twice as long at 4x: 254 against 139 ms, medians of 5).
  const parsed = await Promise.all(Array.from({ length: head.chunks }, (_, i) => getLocal<Chunk>(local, chunkId(head.generation, i)).then((c) => itemsOf(c, head))));
  const items: ItemDoc[] = [];
  for (const got of parsed) {
    if (!got) return undefined; // a chunk is missing or unreadable: rebuild from the database
    for (const doc of got) items.push(doc);
  }
  return { seq: head.seq, items, stale: head.version !== VERSION };
}

/**
 * What an item index starts from: the snapshot's items and sequence, or else every item document (one id-range
 * read: every item id starts with the item prefix) as of the sequence read before it. `mark` names the phase.
 */
export async function startingItems(main: Database, local: Database, mark: (phase: string) => void): Promise<{ items: ItemDoc[]; seq: number; origin: 'snapshot' | 'database'; stale?: boolean }> {
  const since = Number((await main.info()).update_seq);
  const snap = await loadSnapshot(local, since).catch(() => undefined);
  mark(snap ? 'snapshot read' : 'no snapshot');
  if (snap) return { ...snap, origin: 'snapshot' };
  const prefix = ID_PREFIX.item;
  const res = await main.allDocs({ startkey: prefix, endkey: prefix + '\uffff', include_docs: true });
  const items = res.rows.map((row) => asKind(row.doc, 'item')).filter((d): d is ItemDoc => !!d);
  return { items, seq: since, origin: 'database' };
}

async function upsert(local: Database, doc: Head | Chunk): Promise<void> {
  const existing = await getLocal<{ _rev: string }>(local, doc._id);
  await putDoc(local, { ...doc, _rev: existing?._rev } as never);
}

/** `items` in the order a cold start should load them (the index gives its name order). */
export async function saveSnapshot(local: Database, seq: number, items: ItemDoc[]): Promise<void> {
  const old = await getLocal<Head>(local, HEAD);
  const generation = (old?.generation ?? 0) + 1;
  const chunks = Math.ceil(items.length / CHUNK);
  for (let i = 0; i < chunks; i++) await upsert(local, { _id: chunkId(generation, i), seq, items: JSON.stringify(items.slice(i * CHUNK, (i + 1) * CHUNK)) });
  // The head goes last: a reader never sees a head whose chunks are not written yet.
  await putDoc(local, { _id: HEAD, _rev: old?._rev, version: VERSION, seq, chunks, generation } satisfies Head as never);
  if (!old) return;
  // The previous save's chunks; left behind if this fails (a cold start never reads them again).
  for (let i = 0; i < old.chunks; i++) {
    const doc = await getLocal<{ _rev: string }>(local, chunkId(old.generation, i)).catch(() => undefined);
    if (doc) await removeDoc(local, { _id: doc._id, _rev: doc._rev }).catch(() => undefined);
  }
}

const SAVE_DELAY_MS = 3000;

/**
 * Saves the item index's snapshot a little after item changes stop (a bulk import writes one, not hundreds),
 * one save at a time. `state` gives the items and the sequence they are as of, once the index has caught up.
 */
export class SnapshotSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly local: Database,
    private readonly state: () => Promise<{ seq: number; items: ItemDoc[] }>,
  ) {}

  later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.now(), SAVE_DELAY_MS);
  }

  /** Writes the snapshot now, after any save under way. */
  now(): Promise<void> {
    clearTimeout(this.timer);
    this.saving = this.saving
      .then(this.state)
      .then(({ seq, items }) => saveSnapshot(this.local, seq, items))
      .catch((e) => console.error('item index snapshot failed', e));
    return this.saving;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
