/**
 * How many local changes have not reached the server yet: changes after the last sequence the push side
 * is known to have handled. That sequence is saved in the device-only database, so the count is right
 * after a reload while offline too (logging out with pending documents asks first).
 */
import type { Database } from '../pouch';
import { getLocal } from '../db';
import { putDoc } from '../writes';

export type SyncedKind = 'main' | 'shared' | 'denormalized';
const DOC_ID = '_local/sync-pushed';
type PushedDoc = { _id: string; _rev?: string; seq: Partial<Record<SyncedKind, number | string>> };

export class PushedSeqs {
  private seq: Partial<Record<SyncedKind, number | string>> = {};
  private loaded: Promise<void>;
  private saving: Promise<unknown> = Promise.resolve();

  constructor(private readonly local: Database) {
    this.loaded = getLocal<PushedDoc>(local, DOC_ID).then((d) => {
      this.seq = { ...(d?.seq ?? {}), ...this.seq };
    });
  }

  async mark(kind: SyncedKind, seq: number | string): Promise<void> {
    await this.loaded;
    this.seq[kind] = seq;
    this.saving = this.saving.then(async () => {
      const existing = await getLocal<PushedDoc>(this.local, DOC_ID);
      await putDoc(this.local, { _id: DOC_ID, _rev: existing?._rev, seq: this.seq } as never).catch(() => undefined);
    });
    await this.saving;
  }

  /** Resolves once every mark so far is written. */
  async saved(): Promise<void> {
    await this.loaded;
    await this.saving;
  }

  /** Exact up to `limit` per database (the status line only needs "many"; the log-out check asks for all). */
  async count(dbs: Record<SyncedKind, Database>, limit = 1_000_000): Promise<number> {
    await this.loaded;
    let total = 0;
    for (const kind of Object.keys(dbs) as SyncedKind[]) {
      const res = await dbs[kind].changes({ since: this.seq[kind] ?? 0, limit, return_docs: true });
      total += res.results.filter((r) => !r.id.startsWith('_design/')).length;
    }
    return total;
  }
}


/** At most this many rows per database are counted for the status line. */
const STATUS_COUNT_LIMIT = 1000;

/**
 * The count the sync badge shows. A first pull brings thousands of batches: it counts at most once a second,
 * and at most STATUS_COUNT_LIMIT rows per database, but always when sync settles (the count is then small and
 * exact). A failed count keeps the last one.
 */
export class PendingGauge {
  value = 0;
  private countedAt = 0;

  constructor(private readonly count: (limit: number) => Promise<number>) {}

  async refresh(settled: boolean): Promise<number> {
    const now = Date.now();
    if (settled || now - this.countedAt > 1000) {
      this.countedAt = now;
      this.value = await this.count(STATUS_COUNT_LIMIT).catch(() => this.value);
    }
    return this.value;
  }
}
