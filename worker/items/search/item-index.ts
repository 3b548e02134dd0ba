/**
 * The in-memory item index: every item document of the business, searchable by name, description, price,
 * id and barcode with prefix and substring matches, kept current from the changes feed (local writes and
 * replicated ones alike, through worker/changes-hub.ts). A query never touches the database: trigram postings find substring candidates,
 * one- and two-letter word prefixes answer short queries, and a cached name order pages the results.
 *
 * Items are loaded once per backend from the snapshot in the device-only database (worker/items/snapshot.ts)
 * plus the changes since, or else with one id-range read: every item id starts with the item prefix '7'.
 */
import { isKind, type ItemDoc } from '../../../commands/docs';
import type { PackUnit } from '../../../commands/lib/units';
import { Lookups } from './lookups';
import type { Databases } from '../../db';
import type { Database } from '../../pouch';
import { collect, Live, nameRun, type Run } from './hits';
import { fullRanking, pageOf, rank, RankCache, Scratch, type Entry, type Hits } from './rank';
import { Postings } from './postings';
import { IndexEntry } from './text';
import { pageByWalk } from './walk';
import { SnapshotSaver, startingItems } from '../snapshot';
import { changesHub } from '../../changes-hub';
import { FeedPosition } from './feed-position';
import { nameOrder } from './name-order';

export type SearchOptions = { raw?: boolean; filter?: (doc: ItemDoc) => boolean };

/** Up to this many hits are ranked tier by tier; more are paged by walking the name order (walk.ts). */
const RANK_AT_MOST = 2000;
/** When the background postings start if no caller waited for the index to catch up first. */
const POSTINGS_LATEST_MS = 1000;

export class ItemIndex {
  private readonly entries: Entry[] = [];
  private readonly lookups = new Lookups(this.entries);
  private readonly postings = new Postings();
  /** Set once start-up is over (caught up, or POSTINGS_LATEST_MS passed): from then on every put fills the postings. */
  private filling = false;
  /** Alive entries in name order, and each entry's position in it; rebuilt lazily after changes. */
  private order: number[] | null = null;
  private position = new Int32Array(0);
  /** Bumped on every put and remove: cached rankings are only valid for the version they were made at. */
  private version = 0;
  private named: { version: number; docs: ItemDoc[] } | undefined;
  private readonly rankings = new RankCache();
  private readonly scratch = new Scratch();
  private readonly live = new Live();
  private closed = false;
  private loaded: Promise<void>;
  private cancel: () => void = () => undefined;
  private readonly saver: SnapshotSaver;
  private origin: 'snapshot' | 'database' = 'database';
  private caughtUp = false;
  private readonly progress = new FeedPosition();
  private readonly db: Database;
  private readonly local: Database;

  constructor(dbs: Pick<Databases, 'main' | 'local'>) {
    this.db = dbs.main;
    this.local = dbs.local;
    this.saver = new SnapshotSaver(this.local, async () => {
      await this.ready();
      // In name order: a cold start loads them so, and its first name sort then runs over sorted input.
      return { seq: this.progress.seen, items: this.sorted().map((i) => this.entries[i].doc) };
    });
    this.loaded = this.load();
  }

  /** Milliseconds from the index's creation to each start-up phase (diagnostics and the benchmark). */
  phases(): [string, number][] {
    return this.progress.phases();
  }

  private async load(): Promise<void> {
    const start = await startingItems(this.db, this.local, (phase) => this.progress.mark(phase));
    for (const doc of start.items) this.index(doc);
    this.origin = start.origin;
    if (start.origin === 'snapshot') this.progress.mark('items in');
    // No snapshot, or one in an older layout (worker/items/snapshot.ts): write one soon.
    if (start.origin !== 'snapshot' || start.stale) this.saver.later();
    const since = start.seq;
    this.progress.advance(since);
    const feed = changesHub(this.db).subscribe(
      since,
      (c) => {
        if (c.deleted || !c.doc) {
          if (this.lookups.byId.has(c.id)) this.saver.later();
          this.unindex(c.id);
        } else if (isKind(c.doc, 'item')) {
          this.index(c.doc);
          this.saver.later();
          this.fill();
        }
        this.progress.advance(Number(c.seq));
      },
      () => undefined,
    );
    this.cancel = () => {
      this.closed = true;
      feed.cancel();
      this.saver.cancel();
    };
    this.db.once('closed', () => this.cancel());
    // The postings wait until the index has caught up (see ready()): their first slices are the slowest, and a
    // first store page needs none of them. Should no one ask, they start a little later anyway.
    setTimeout(() => this.startFilling(), POSTINGS_LATEST_MS);
  }

  /** Start-up is over: the postings fill now, and again after every item that arrives. */
  private startFilling(): void {
    this.filling = true;
    this.fill();
  }

  private fill(): void {
    if (this.filling) this.postings.fillInBackground(this.entries, () => this.closed);
  }

  /** Entries not yet in the substring postings (tests and diagnostics; queries test those directly). */
  postingsBehind(): number {
    return this.postings.behind(this.entries);
  }

  /** Where this index started from (tests and diagnostics). */
  startedFrom(): 'snapshot' | 'database' {
    return this.origin;
  }

  /** Writes the snapshot now: the items as of the last sequence handled, once every write so far is in. */
  save(): Promise<void> {
    return this.saver.now();
  }

  /** Resolves once every write made so far is in the index (waiting on the feed: feed-position.ts). */
  async ready(): Promise<void> {
    await this.loaded;
    const target = Number((await this.db.info()).update_seq);
    await this.progress.reach(target, 10000);
    if (this.progress.seen < target || this.caughtUp) return;
    this.caughtUp = true;
    this.progress.mark('caught up');
    this.startFilling();
  }

  close(): void {
    this.cancel();
  }

  private index(doc: ItemDoc): void {
    this.unindex(doc._id);
    const i = this.entries.length;
    const code = doc.barcode?.toLowerCase() ?? '';
    const entry = new IndexEntry(doc, doc.name.toLowerCase(), doc._id.toLowerCase(), code);
    this.entries.push(entry);
    this.live.add(i, entry);
    this.lookups.add(i, entry);
    this.changed();
  }

  private unindex(id: string): void {
    const i = this.lookups.byId.get(id);
    if (i === undefined) return;
    const e = this.entries[i];
    e.alive = false;
    this.live.drop(i, e);
    this.lookups.drop(i, e);
    this.changed();
  }

  /** The name order and the cached rankings no longer hold. */
  private changed(): void {
    this.order = null;
    this.version++;
  }

  private sorted(): number[] {
    if (!this.order) ({ order: this.order, position: this.position } = nameOrder(this.entries));
    return this.order;
  }

  get(id: string): ItemDoc | undefined {
    return this.lookups.get(id);
  }

  /** An id, or else a barcode (scanners read either). */
  find(code: string): ItemDoc | undefined {
    return this.lookups.find(code);
  }

  /** A pack unit's barcode: its item and the unit (by position in the item's units). */
  findPack(code: string): { doc: ItemDoc; unit: PackUnit } | undefined {
    return this.lookups.findPack(code);
  }

  group(groupId: string): ItemDoc[] {
    return this.lookups.group(groupId);
  }

  get size(): number {
    return this.lookups.byId.size;
  }

  /** Bumped by every item put or removal: callers cache what they derive from the items on it (store-pass.ts). */
  get changes(): number {
    return this.version;
  }

  /** Every alive item in name order; one array per version, so a walk over all items allocates nothing. */
  inNameOrder(): readonly ItemDoc[] {
    if (this.named?.version !== this.version) this.named = { version: this.version, docs: this.sorted().map((i) => this.entries[i].doc) };
    return this.named.docs;
  }

  /**
   * Every matching item in rank order: exact id or barcode, then names starting with the query, then other
   * word starts, then other substrings; name order within each tier.
   */
  search(query: string, options: SearchOptions = {}): ItemDoc[] {
    const q = query.trim().toLowerCase();
    const order = this.sorted();
    const keep = this.keeper(options);
    if (!q) return order.filter((i) => keep(this.entries[i])).map((i) => this.entries[i].doc);

    return fullRanking(this.entries, this.candidates(q), q, keep, this.position).map((i) => this.entries[i].doc);
  }

  /**
   * One page of search(query) in the same rank order, without ranking every match: a broad query over 50k
   * items costs one cheap pass over its hits plus the page, and a query extending the previous one only
   * re-checks that one's hits (rank.ts, walk.ts).
   */
  page(query: string, offset: number, limit: number, options: SearchOptions = {}): { docs: ItemDoc[]; total: number } {
    const q = query.trim().toLowerCase();
    const order = this.sorted();
    const keep = this.keeper(options);
    // Unfiltered, the name order holds exactly the alive items: the quick sale's empty search (after every Escape
    // or add) is one slice of it, not a pass over 50,000 items.
    if (!q && options.raw === undefined && !options.filter) return { docs: order.slice(offset, offset + limit).map((i) => this.entries[i].doc), total: order.length };
    if (!q) {
      const docs: ItemDoc[] = [];
      let total = 0;
      for (const i of order) {
        const e = this.entries[i];
        if (!keep(e)) continue;
        if (total >= offset && docs.length < limit) docs.push(e.doc);
        total++;
      }
      return { docs, total };
    }
    const run = nameRun(this.entries, order, q);
    const hits = this.hits(q, run, options);
    const ids = hits.starts
      ? pageOf(hits, hits.starts, order, this.position, offset, limit, this.scratch)
      : pageByWalk(this.entries, hits, run, order, this.position, offset, limit, this.scratch);
    return { docs: ids.map((i) => this.entries[i].doc), total: hits.ids.length };
  }

  /** q's hits: cached, or collected from the cached hits it narrows or the index's candidates; few are ranked. */
  private hits(q: string, run: Run, options: SearchOptions): Hits {
    // A caller's filter function is not comparable between calls: those answers are not cached.
    const key = options.filter ? undefined : String(options.raw);
    const cached = key === undefined ? {} : this.rankings.lookup(q, key, this.version);
    if (cached.exact) return cached.exact;
    const candidates = this.candidates(q);
    const from = cached.base && cached.base.length < candidates.length ? cached.base : candidates;
    const filtered = options.raw !== undefined || !!options.filter;
    const keep = filtered ? this.keeper(options) : undefined;
    const found = collect(this.entries, this.live, from, q, keep, this.position, run, this.scratch);
    const hits = found.ids.length <= RANK_AT_MOST ? rank(this.entries, found, q, this.scratch) : found;
    if (key !== undefined) this.rankings.store(hits);
    return hits;
  }

  private keeper(options: SearchOptions): (e: Entry) => boolean {
    return (e) => e.alive && (options.raw === undefined || !!e.doc.isRaw === options.raw) && (!options.filter || options.filter(e.doc));
  }

  private candidates(q: string): number[] {
    return this.postings.candidates(q, this.entries);
  }
}

const indexes = new WeakMap<Database, ItemIndex>();

/** The index of this business's main database, created (and loaded) on first use. */
export function itemIndex(dbs: Pick<Databases, 'main' | 'local'>): ItemIndex {
  let idx = indexes.get(dbs.main);
  if (!idx) {
    idx = new ItemIndex(dbs);
    indexes.set(dbs.main, idx);
  }
  return idx;
}
