/**
 * A new till's first pull without PouchDB's replication protocol: the server's changes feed read in large
 * pages with the documents in them, each page written locally in one `bulkDocs` with `new_edits: false` (the
 * revisions the server has, as replication writes them). Replication asks revs_diff and fetches each batch by
 * _bulk_get; on a database the till has never pulled every answer is "missing", so here one request a page
 * brings the documents and the next page is fetched while this one is written. scripts/bench/README.md
 * ("Initial sync") has the figures.
 *
 * The feed gives each document's winning revision without its history. That is what a database that has
 * never seen the document needs (a later revision pulled by live sync carries its history back to this one);
 * it is wrong only where the till holds the document already (written by the till meanwhile, or arrived
 * again in a later page after a change on the server): there a revision without history would stand beside
 * the one it descends from as a conflict. Those documents, and any with several leaves or attachments, are
 * fetched as replication fetches them (_bulk_get with their revision histories). Which ones the till holds
 * is looked up in the local database only where it may: see firstSeen below.
 */
import generateReplicationId from 'pouchdb-generate-replication-id';
import type { Database } from '../pouch';
import { strictInfo } from './remote-db';

/** Documents per page of the server's changes feed. Chosen by the bench (scripts/bench/README.md). */
import { SNAPSHOT_PAGE } from '../../commands/sync';
import { writeEach } from '../writes';
export { SNAPSHOT_PAGE };

type Seq = number | string;
type Doc = PouchDB.Core.Document<Record<string, unknown>> & PouchDB.Core.RevisionIdMeta & { _attachments?: unknown; _deleted?: boolean };
type Row = { id: string; seq: Seq; changes: { rev: string }[]; doc?: Doc };
type Page = { results: Row[]; last_seq: Seq };

/**
 * True when `local` has PouchDB's checkpoint of a pull from `remote`: it has pulled before and its live
 * replication resumes from there (the id is the one PouchDB's replication gives a pull without filters).
 */
export async function hasPullCheckpoint(local: Database, remote: Database): Promise<boolean> {
  const id = await generateReplicationId(remote, local, {});
  return local.get(id).then(
    () => true,
    (e: { status?: number }) => {
      if (e.status === 404) return false;
      throw e;
    },
  );
}

export type SnapshotOptions = {
  pageSize?: number;
  /** True for a document the till may hold already (its own, or held before the snapshot began). */
  held(id: string): boolean;
  /** Hears the documents written so far. */
  written(count: number): void;
  cancelled(): boolean;
};

/**
 * Writes everything the server's changes feed holds into `local` and answers the feed's last sequence: the
 * pull's replication goes on from there. Stops early (answering undefined) once `cancelled()` says so.
 */
export async function snapshotPull(local: Database, remote: Database, opts: SnapshotOptions): Promise<Seq | undefined> {
  const limit = opts.pageSize ?? SNAPSHOT_PAGE;
  const fetchPage = (since: Seq) =>
    remote.changes({ since, limit, batch_size: limit, include_docs: true, style: 'all_docs' } as PouchDB.Core.ChangesOptions) as unknown as Promise<Page>;
  // A change at or below the server's sequence now is a document's first appearance in these pages (one seen
  // in an earlier page comes again only after a change, so above it): unless the till holds it otherwise, it
  // is written without asking the local database. Only numbers compare (CouchDB's sequences are opaque).
  const start = (await strictInfo(remote)).update_seq;
  const firstSeen = (row: Row) => typeof start === 'number' && typeof row.seq === 'number' && row.seq <= start && !opts.held(row.id);
  let written = 0;
  let since: Seq = 0;
  let next: Promise<Page> | undefined = fetchPage(since);
  while (next) {
    const page: Page = await next;
    if (opts.cancelled()) return undefined;
    // The next page comes over the network while this one is written.
    // A short page is not the end, nor is an empty one that moved on: the server leaves out what a member may
    // not read (design documents; the audit log for staff), which can be a whole page. The end is a page
    // that brings nothing and stays where it was asked from.
    const moved = String(page.last_seq) !== String(since);
    since = page.last_seq;
    next = page.results.length > 0 || moved ? fetchPage(since) : undefined;
    // A rejected prefetch is met when awaited; until then it must not count as unhandled.
    next?.catch(() => undefined);
    written += await writePage(local, remote, page.results, firstSeen);
    opts.written(written);
    if (!next) return page.last_seq;
  }
  return undefined;
}

/** Writes one page; answers how many documents it wrote. */
async function writePage(local: Database, remote: Database, rows: Row[], firstSeen: (row: Row) => boolean): Promise<number> {
  if (!rows.length) return 0;
  const plain: Doc[] = [];
  const careful: Row[] = [];
  const single = (row: Row) => row.changes.length === 1 && !!row.doc && !row.doc._attachments;
  const ask: Row[] = [];
  for (const row of rows) {
    if (single(row) && firstSeen(row)) plain.push(row.doc!);
    else ask.push(row);
  }
  const held = ask.length ? (await local.allDocs({ keys: ask.map((r) => r.id) })).rows : [];
  ask.forEach((row, i) => {
    const mine = held[i] as { error?: string; value?: { rev: string } };
    if (single(row) && mine.error === 'not_found') plain.push(row.doc!);
    else if (!(single(row) && mine.value?.rev === row.changes[0].rev)) careful.push(row);
  });
  if (plain.length) await writeEach(local, plain as never[], { new_edits: false });
  return plain.length + (careful.length ? await writeWithHistory(local, remote, careful) : 0);
}

/** The rows' revisions the till lacks, fetched with their histories (and attachments) as replication fetches them. */
async function writeWithHistory(local: Database, remote: Database, rows: Row[]): Promise<number> {
  const asked = Object.fromEntries(rows.map((r) => [r.id, r.changes.map((c) => c.rev)]));
  const missing = (await local.revsDiff(asked)) as Record<string, { missing?: string[] }>;
  const wanted = Object.entries(missing).flatMap(([id, m]) => (m.missing ?? []).map((rev) => ({ id, rev })));
  if (!wanted.length) return 0;
  const got = await remote.bulkGet({ docs: wanted, revs: true, attachments: true });
  const docs = got.results.flatMap((r) => r.docs.flatMap((d) => ('ok' in d ? [d.ok] : [])));
  if (docs.length) await writeEach(local, docs as never[], { new_edits: false });
  return docs.length;
}
