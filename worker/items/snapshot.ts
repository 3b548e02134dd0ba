/**
 * A snapshot of the item index in the device-only database, so a cold start reads a few chunk documents
 * instead of every item and starting-stock document; the changes since its sequence are applied on top.
 * Chunks are `_local` documents: they keep no revision history, so saving often never grows the database.
 * A snapshot from a later sequence than the database has (a replaced database) is ignored.
 */
import { asKind, type ItemDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { getLocal } from '../db';
import type { Database } from '../pouch';

const HEAD = '_local/item-index-head';
const CHUNK = 2000;
const VERSION = 1;

type Head = { _id: string; _rev?: string; version: number; seq: number; chunks: number };
type Chunk = { _id: string; _rev?: string; items: ItemDoc[] };

const chunkId = (i: number) => `_local/item-index-${i}`;

export async function loadSnapshot(local: Database, currentSeq: number): Promise<{ seq: number; items: ItemDoc[] } | undefined> {
  const head = await getLocal<Head>(local, HEAD);
  if (!head || head.version !== VERSION || head.seq > currentSeq) return undefined;
  const chunks = await Promise.all(Array.from({ length: head.chunks }, (_, i) => getLocal<Chunk>(local, chunkId(i))));
  if (chunks.some((c) => !c?.items)) return undefined; // a chunk is missing: rebuild from the database
  return { seq: head.seq, items: chunks.flatMap((c) => c!.items) };
}

/**
 * What an item index starts from: the snapshot's items and sequence, or else every item document (one id-range
 * read: every item id starts with the item prefix) as of the sequence read before it. `mark` names the phase.
 */
export async function startingItems(main: Database, local: Database, mark: (phase: string) => void): Promise<{ items: ItemDoc[]; seq: number; origin: 'snapshot' | 'database' }> {
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
  await local.put({ ...doc, _rev: existing?._rev } as never);
}

export async function saveSnapshot(local: Database, seq: number, items: ItemDoc[]): Promise<void> {
  const chunks = Math.ceil(items.length / CHUNK);
  for (let i = 0; i < chunks; i++) await upsert(local, { _id: chunkId(i), items: items.slice(i * CHUNK, (i + 1) * CHUNK) });
  // The head goes last: a reader never sees a head whose chunks are not written yet.
  await upsert(local, { _id: HEAD, version: VERSION, seq, chunks });
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
