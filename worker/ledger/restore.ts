/**
 * Restoring a checkpoint's entries behind its balances. The state starts with the balances only; changes made
 * after the checkpoint are applied at once, and the entries arrive chunk by chunk in the background.
 *
 * The one subtle case: a document changed or deleted after the checkpoint while its old entries are not in
 * memory yet. `supersede` reads them from its chunk and takes them out of the balances (once per document);
 * the background restore then leaves that document out, since its current entries are already in. A document
 * whose chunk is already restored needs nothing: its entries are in `byDoc` and `apply` removes them as usual.
 */
import { entriesAt, indexOf, type CheckpointEntries, type ReadChunk } from './checkpoint-entries';
import type { Account, Entry, LedgerState } from './state';

const READ_AHEAD = 4;

/** Lets the worker answer requests (the first store page) between chunks. */
const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class EntryRestore {
  /** Documents whose checkpoint entries must not be restored: already taken out, or never in the checkpoint. */
  private readonly superseded = new Set<string>();
  private readonly restored: boolean[];

  constructor(
    private readonly state: LedgerState,
    private readonly stored: CheckpointEntries,
  ) {
    this.restored = new Array<boolean>(stored.count).fill(false);
  }

  /** Call before applying a change of `doc` (changes one at a time, in feed order). */
  async supersede(doc: string): Promise<void> {
    if (this.superseded.has(doc)) return;
    const i = this.stored.chunkOf(doc);
    if (i < 0 || this.restored[i]) return; // not in the checkpoint, or its entries are in byDoc for apply()
    const c = await this.stored.chunk(i);
    if (this.restored[i]) return; // restored while it was being read
    this.superseded.add(doc);
    const d = indexOf(c.ids, doc);
    if (d >= 0) for (const e of entriesAt(c, d, this.stored.warehouses)) this.state.move(e.book, e.key, -e.delta, e.warehouse);
  }

  /** Restores every chunk, yielding between them, until `stop()`; rejects when a chunk is missing. */
  async restoreAll(stop: () => boolean): Promise<void> {
    for (let i = 0; i < this.stored.count && !stop(); i++) {
      const chunk = await this.stored.chunk(i);
      // Keep a few reads in flight: IndexedDB reads the next chunks while this one is restored.
      for (let k = i + 1; k <= i + READ_AHEAD && k < this.stored.count; k++) this.stored.chunk(k).catch(() => undefined);
      if (stop()) return;
      this.restoreChunk(chunk);
      this.restored[i] = true;
      this.stored.release(i);
      await breather();
    }
  }

  private restoreChunk(c: ReadChunk): void {
    const state = this.state;
    // Accounts and warehouse names resolved once per chunk, not once per entry (600k entries on M).
    const accounts: Account[] = [];
    for (let j = 0; j < c.b.length; j++) accounts[c.a[j]] ??= state.open(c.b[j], c.keys[c.a[j]]);
    const warehouses = this.stored.warehouses.map((w) => state.intern(w));
    for (let d = 0; d < c.ids.length; d++) {
      const doc = c.ids[d];
      if (this.superseded.has(doc)) continue;
      const entries: Entry[] = [];
      for (let j = c.start[d], end = j + c.n[d]; j < end; j++) {
        const w = c.w[j];
        const x = c.x[j];
        entries.push(state.attach(doc, accounts[c.a[j]], c.d[j], c.t[j], c.k[j], w < 0 ? '' : warehouses[w], x === null ? NaN : x));
      }
      state.remember(doc, entries);
    }
  }
}
