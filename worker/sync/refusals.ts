/**
 * Documents the server did not accept from this till (validate_doc_update's 403/401 on a push), kept so that
 * nothing is refused silently: each is listed with the server's reason until someone has read it, and the
 * badge counts them.
 *
 * A refused change or deletion must not stay on the till as if it had happened (every other device and the
 * server still have the document): the server's version is written back on top of the refused one, as a new
 * revision, so the till shows what every other device shows and the next push carries nothing the server
 * refuses. A document the server never had stays on this till only (nothing to go back to), listed.
 *
 * The list lives in the device-only database (one record, newest first, at most MAX_KEPT).
 */
import type { SyncRefusal, SyncRefusalChange } from '../../commands/sync';
import type { Database } from '../pouch';
import { getLocal } from '../db';
import type { SyncedKind } from './pending';
import { putDoc } from '../writes';

const RECORD_ID = '_local/sync-refusals';
const MAX_KEPT = 500;
type Stored = { list: SyncRefusal[] };
type AnyDoc = Record<string, unknown> & { _id: string; _rev?: string; _deleted?: boolean };

/** What PouchDB's 'denied' hands over: the server's error for one document. */
export type Denial = { id?: string; name?: string; error?: string | boolean; reason?: string; message?: string; status?: number };

/** The document's content without its revision bookkeeping, to compare the till's with the server's. */
function content(doc: AnyDoc | undefined): string {
  if (!doc) return '';
  const { _rev, _revisions, _conflicts, ...rest } = doc as AnyDoc & { _revisions?: unknown; _conflicts?: unknown };
  void _rev;
  void _revisions;
  void _conflicts;
  return JSON.stringify(rest);
}

/** A few words a person recognises the document by. */
function labelOf(doc: AnyDoc | undefined, id: string): string {
  const d = (doc ?? {}) as Record<string, unknown>;
  const kind = typeof d.stores === 'string' ? d.stores : 'document';
  const name = [d.invoice_id, d.name, d.description, d.key, d.title].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  return `${kind.replace(/[-_]/g, ' ')} ${name ?? id}`.trim();
}

function entryOf(database: SyncedKind, id: string, denial: Denial, change: SyncRefusalChange, outcome: SyncRefusal['outcome'], doc: AnyDoc | undefined): SyncRefusal {
  return {
    key: `${database}:${id}`,
    database,
    id,
    label: labelOf(doc, id),
    change,
    reason: denial.reason || denial.message || 'The server did not accept this change.',
    outcome,
    at: Date.now(),
  };
}

function messageOf(err: unknown): string {
  return (err as { message?: string })?.message || String(err);
}

export class Refusals {
  private list: SyncRefusal[] | null = null;
  /**
   * Why the list on this device is not whole or not kept (the device database failed), shown on /sync:
   * a refusal that could not be written down still goes on the list held in memory, never only to a console.
   */
  problem: string | undefined;
  private loading: Promise<SyncRefusal[]> | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly local: Database,
    /** Hears the count whenever the list is read or changed. */
    private readonly onCount: (n: number) => void,
  ) {
    this.load().catch((e: unknown) => {
      this.problem = `The list of changes the server did not accept could not be read on this device (${messageOf(e)}).`;
    });
  }

  /** The list, read from the device once (every caller waits for the same read; a failed read is tried again). */
  private async load(): Promise<SyncRefusal[]> {
    if (this.list) return this.list;
    this.loading ??= getLocal<Stored>(this.local, RECORD_ID).then(
      (d) => {
        this.list ??= d?.list ?? [];
        this.onCount(this.list.length);
        return this.list;
      },
      (e: unknown) => {
        this.loading = null;
        throw e;
      },
    );
    await this.loading;
    return this.list ?? [];
  }

  async all(): Promise<SyncRefusal[]> {
    return [...(await this.load())];
  }

  async count(): Promise<number> {
    return (await this.load()).length;
  }

  /** Takes one refusal off the list (someone has read it). */
  async dismiss(key: string): Promise<SyncRefusal[]> {
    const list = await this.load();
    this.list = list.filter((r) => r.key !== key);
    await this.save();
    return this.all();
  }

  /** PouchDB's 'denied' (live sync: { direction, doc }; one-way replication and own pushes: the error itself). */
  denied(database: SyncedKind, err: unknown, db: Database, remote: Database): void {
    const e = err as { direction?: string; doc?: Denial } & Denial;
    if (e.direction === 'pull') return;
    const server = (id: string) => (remote.get(id) as Promise<AnyDoc>).catch((x: { status?: number }) => (x?.status === 404 ? undefined : Promise.reject(x)));
    const denial = e.doc ?? e;
    void this.refused(database, db, denial, server).catch((x: unknown) => this.unrecorded(database, denial, x));
  }

  /** The device database failed while a refusal was recorded: listed from memory, and the problem said. */
  private unrecorded(database: SyncedKind, denial: Denial, err: unknown): void {
    const id = denial.id ?? '';
    this.problem = `A change the server did not accept could not be written down on this device (${messageOf(err)}); it is listed until the app closes.`;
    this.list = [entryOf(database, id, denial, 'made', 'kept', undefined), ...(this.list ?? []).filter((r) => r.key !== `${database}:${id}`)].slice(0, MAX_KEPT);
    this.onCount(this.list.length);
  }

  /**
   * Records a push the server refused and puts the server's version back on the till. `server` reads the
   * server's current document (undefined when it has none); a failure to read it leaves the till as it is and
   * still records the refusal.
   */
  async refused(database: SyncedKind, db: Database, denial: Denial, server: (id: string) => Promise<AnyDoc | undefined>): Promise<void> {
    const id = denial.id;
    if (!id || id.startsWith('_local/')) return;
    const mine = (await db.get(id, { revs: false } as never).catch(() => undefined)) as AnyDoc | undefined;
    const deletedHere = !mine;
    let theirs: AnyDoc | undefined;
    let outcome: SyncRefusal['outcome'] = 'kept';
    try {
      theirs = await server(id);
      if (theirs && !theirs._deleted && content(theirs) !== content(mine)) {
        // On top of the till's own revision (a deletion included), so the server meets it as an update.
        const head = mine?._rev ?? (await latestRev(db, id));
        const { _revisions, ...body } = theirs as AnyDoc & { _revisions?: unknown };
        void _revisions;
        await putDoc(db, { ...body, _rev: head } as never);
        outcome = 'restored';
      } else if (theirs && !theirs._deleted) outcome = 'restored';
    } catch {
      outcome = 'kept';
    }
    const change: SyncRefusalChange = deletedHere ? 'deleted' : theirs && !theirs._deleted ? 'changed' : 'made';
    const entry = entryOf(database, id, denial, change, outcome, theirs ?? mine);
    const list = await this.load();
    this.list = [entry, ...list.filter((r) => r.key !== entry.key)].slice(0, MAX_KEPT);
    await this.save();
  }

  private async save(): Promise<void> {
    const list = this.list ?? [];
    this.writing = this.writing.then(async () => {
      const existing = await getLocal<Stored>(this.local, RECORD_ID);
      await putDoc(this.local, { _id: RECORD_ID, _rev: existing?._rev, list } as never);
    }).then(
      () => {
        this.problem = undefined;
      },
      (e: unknown) => {
        this.problem = `The list below could not be saved on this device (${messageOf(e)}); it is kept until the app closes.`;
      },
    );
    await this.writing;
    // After the write, so that whoever re-reads the list on the new count also reads whether it was kept.
    this.onCount(list.length);
  }
}

/** The winning revision of a document deleted here (get() answers 404 for it). */
async function latestRev(db: Database, id: string): Promise<string | undefined> {
  const res = await db.changes({ doc_ids: [id], filter: '_doc_ids', since: 0, style: 'main_only' } as never);
  const row = (res.results as { id: string; changes: { rev: string }[] }[]).find((r) => r.id === id);
  return row?.changes[0]?.rev;
}
