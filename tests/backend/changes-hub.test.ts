/**
 * The one live changes feed per database (worker/changes-hub.ts): every subscriber sees each change after its
 * own sequence exactly once and in order, whether it starts at the feed's head, behind it (a ledger checkpoint,
 * an item snapshot) or while writes pour in; cancelling stops it; and the backend's followers of main (changed
 * events, ledger, item index) share one feed instead of reading every document once each, resuming from their
 * checkpoint and snapshot through it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changesHub, type Change } from '../../worker/changes-hub';
import { itemIndex } from '../../worker/items/search/item-index';
import { ensureAdapter, PouchDB, type Database } from '../../worker/pouch';
import { openDatabases, untyped } from '../../worker/db';
import { makeBackend } from './helpers';
import { item, line, march } from './ledger-fixtures';

let n = 0;
async function db(): Promise<Database> {
  await ensureAdapter('memory');
  return new PouchDB(`hub-${process.pid}-${++n}`, { adapter: 'memory' }) as Database;
}

const docs = (from: number, count: number, tag = '') => Array.from({ length: count }, (_, i) => ({ _id: `d${String(from + i).padStart(6, '0')}`, tag }));
const seqOf = async (d: Database) => Number((await d.info()).update_seq);

/** Resolves when `seen` holds a change at `seq` or later. */
function reaching(seen: Change[], seq: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const look = () => {
      if (seen.some((c) => Number(c.seq) >= seq)) return resolve();
      if (Date.now() - began > 10_000) return reject(new Error(`never reached ${seq}: last ${seen.at(-1)?.seq}`));
      setTimeout(look, 5);
    };
    look();
  });
}

/** What a plain one-shot changes read since `since` gives: each id once at its latest sequence. */
async function expected(d: Database, since: number): Promise<string[]> {
  const res = await d.changes({ since, include_docs: true });
  return res.results.map((c) => `${c.seq}:${c.id}:${(c.doc as { tag?: string })?.tag ?? ''}`);
}
const shown = (seen: Change[]) => seen.map((c) => `${c.seq}:${c.id}:${(c.doc as { tag?: string })?.tag ?? ''}`);

test('subscribers at the head, behind it and at zero each see every later change once, in order, with its document', async () => {
  const d = await db();
  await d.bulkDocs(docs(0, 1500));
  const mid = await seqOf(d);
  await d.bulkDocs(docs(1500, 700));
  const head = await seqOf(d);
  const hub = changesHub(d);
  const atHead: Change[] = [];
  const behind: Change[] = [];
  const fromZero: Change[] = [];
  hub.subscribe(head, (c) => atHead.push(c));
  hub.subscribe(mid, (c) => behind.push(c));
  hub.subscribe(0, (c) => fromZero.push(c));
  await d.bulkDocs(docs(2200, 300, 'later'));
  const last = await seqOf(d);
  await Promise.all([reaching(atHead, last), reaching(behind, last), reaching(fromZero, last)]);

  assert.equal(shown(atHead), await expected(d, head));
  assert.equal(shown(behind), await expected(d, mid));
  assert.equal(shown(fromZero), await expected(d, 0));
  assert.is(fromZero.length, 2500, 'more than two backfill pages, then live');
});

test('a subscriber joining far behind while writes pour in misses none and sees none twice', async () => {
  const d = await db();
  await d.bulkDocs(docs(0, 2500));
  const hub = changesHub(d);
  const first: Change[] = [];
  hub.subscribe(await seqOf(d), (c) => first.push(c));
  const late: Change[] = [];
  const writes = (async () => {
    for (let b = 0; b < 20; b++) await d.bulkDocs(docs(2500 + b * 50, 50, `b${b}`));
    // Updates of documents the late subscriber may already have been handed: they come again at their new sequence.
    const old = await d.allDocs({ keys: ['d000001', 'd002501'], include_docs: true });
    await d.bulkDocs(old.rows.map((r) => ({ ...(r as { doc: object }).doc, tag: 'updated' })));
  })();
  await new Promise((r) => setTimeout(r, 0));
  hub.subscribe(0, (c) => late.push(c));
  await writes;
  const last = await seqOf(d);
  await Promise.all([reaching(first, last), reaching(late, last)]);

  const seqs = late.map((c) => Number(c.seq));
  assert.equal(seqs, [...seqs].sort((a, b) => a - b), 'in sequence order');
  assert.is(new Set(seqs).size, seqs.length, 'no sequence twice');
  const latest = new Map(late.map((c) => [c.id, c]));
  assert.is(latest.size, 3500, 'every document');
  assert.is((latest.get('d000001')!.doc as unknown as { tag: string }).tag, 'updated');
  assert.is((latest.get('d002501')!.doc as unknown as { tag: string }).tag, 'updated');
  assert.is(first.length, 1002, "the live subscriber saw the 1000 new documents and the two updates");
});

test('cancelling stops the changes; the last cancel closes the feed and a later subscriber starts from its own sequence', async () => {
  const d = await db();
  const hub = changesHub(d);
  const a: Change[] = [];
  const b: Change[] = [];
  const subA = hub.subscribe(0, (c) => a.push(c));
  const subB = hub.subscribe(0, (c) => b.push(c));
  await d.bulkDocs(docs(0, 5));
  await Promise.all([reaching(a, 5), reaching(b, 5)]);
  subA.cancel();
  await d.bulkDocs(docs(5, 5));
  await reaching(b, 10);
  assert.is(a.length, 5, 'nothing after cancel');
  assert.is(b.length, 10);
  subB.cancel();
  assert.is(hub.size, 0);
  await d.bulkDocs(docs(10, 5));
  const c: Change[] = [];
  hub.subscribe(7, (ch) => c.push(ch));
  await reaching(c, 15);
  assert.equal(c.map((ch) => ch.id), ['d000007', 'd000008', 'd000009', 'd000010', 'd000011', 'd000012', 'd000013', 'd000014']);
});

test('a subscriber that throws hears its error; the others go on', async () => {
  const d = await db();
  const hub = changesHub(d);
  const errors: unknown[] = [];
  const good: Change[] = [];
  hub.subscribe(0, () => {
    throw new Error('consumer broke');
  }, (e) => errors.push(e));
  hub.subscribe(0, (c) => good.push(c));
  await d.bulkDocs(docs(0, 3));
  await reaching(good, 3);
  assert.is(good.length, 3);
  assert.is(errors.length, 3);
  assert.match(String(errors[0]), 'consumer broke');
});

test('one live feed per database: PouchDB opens a single live changes feed however many subscribe', async () => {
  const d = await db();
  const original = d.changes.bind(d);
  let live = 0;
  (d as unknown as { changes: typeof d.changes }).changes = ((opts?: PouchDB.Core.ChangesOptions) => {
    if (opts?.live) live++;
    return original(opts);
  }) as typeof d.changes;
  const hub = changesHub(d);
  const seen: Change[][] = [[], [], []];
  seen.forEach((s) => hub.subscribe(0, (c) => s.push(c)));
  await d.bulkDocs(docs(0, 10));
  await Promise.all(seen.map((s) => reaching(s, 10)));
  assert.is(live, 1);
});

test('a live feed that fails is opened again after the last change it handed out: subscribers hear the error, then miss nothing and see nothing twice', async () => {
  const d = await db();
  const original = d.changes.bind(d);
  const feeds: PouchDB.Core.Changes<Record<string, unknown>>[] = [];
  (d as unknown as { changes: typeof d.changes }).changes = ((opts?: PouchDB.Core.ChangesOptions) => {
    const feed = original(opts);
    if (opts?.live) feeds.push(feed as PouchDB.Core.Changes<Record<string, unknown>>);
    return feed;
  }) as typeof d.changes;
  const hub = changesHub(d);
  const errors: unknown[] = [];
  const seen: Change[] = [];
  hub.subscribe(0, (c) => seen.push(c), (e) => errors.push(e));
  await d.bulkDocs(docs(0, 5));
  await reaching(seen, 5);
  // IndexedDB can abort a feed's transaction; PouchDB then reports 'error' and the feed is over.
  feeds[0].emit('error', new Error('transaction aborted'));
  assert.is(hub.failuresInARow, 1);
  await d.bulkDocs(docs(5, 5, 'after'));
  // A subscriber arriving while the feed waits to restart is not started on a feed of its own.
  const late: Change[] = [];
  hub.subscribe(0, (c) => late.push(c));
  await reaching(seen, 10);
  await reaching(late, 10);
  assert.is(feeds.length, 2, 'one new live feed');
  assert.equal(shown(seen), await expected(d, 0));
  assert.equal(shown(late), await expected(d, 0));
  assert.is(errors.length, 1);
  assert.match(String(errors[0]), 'transaction aborted');
  await d.bulkDocs(docs(10, 1));
  await reaching(seen, 11);
  assert.is(hub.failuresInARow, 0, 'a change handed out resets the back-off');
});

test("the backend's change events, ledger and item index all follow main through its one hub", async () => {
  const backend = await makeBackend();
  try {
    const main = backend.ctx.db.main;
    await itemIndex(backend.ctx.db).ready();
    await backend.ctx.ledger.ready();
    await backend.settled();
    assert.is(changesHub(main).size, 3);
    await backend.close();
    assert.is(changesHub(main).size, 0, 'closing the backend ends every subscription');
  } finally {
    await backend.close().catch(() => undefined);
  }
});

test('reopened behind its database, the ledger (from its checkpoint) and the item index (from its snapshot) catch up through the one feed, then follow live writes', async () => {
  const name = `hub-reopen-${process.pid}`;
  const first = await makeBackend({ name });
  await untyped(first.ctx.db.main).bulkDocs([item('7A', 'Rice'), line('purchase_item', 'p1', '7A', 10, { date: march(1) })]);
  await first.settled();
  await first.ctx.ledger.checkpoint();
  await itemIndex(first.ctx.db).save();
  await first.close();
  // Written while no backend ran (as if by a replication or another tab): past both the checkpoint and the snapshot.
  const dbs = await openDatabases(name, 'memory');
  await untyped(dbs.main).bulkDocs([item('7B', 'Beans'), line('purchase_item', 'p2', '7B', 4, { date: march(2) }), line('sale_item', 's1', '7A', 3, { factor: -1, date: march(2) })]);
  await Promise.all(Object.values(dbs).map((d) => d.close()));

  const b = await makeBackend({ name });
  try {
    const idx = itemIndex(b.ctx.db);
    await idx.ready();
    await b.ctx.ledger.ready();
    assert.is(b.ctx.ledger.origin(), 'checkpoint');
    assert.is(idx.startedFrom(), 'snapshot');
    assert.equal([b.ctx.ledger.stock('7A'), b.ctx.ledger.stock('7B')], [7, 4]);
    assert.is(idx.get('7B')?.name, 'Beans');
    assert.is(changesHub(b.ctx.db.main).size, 3);

    await untyped(b.ctx.db.main).bulkDocs([item('7C', 'Corn'), line('sale_item', 's2', '7B', 1, { factor: -1, date: march(3) })]);
    await b.settled();
    await idx.ready();
    assert.equal([b.ctx.ledger.stock('7A'), b.ctx.ledger.stock('7B')], [7, 3]);
    assert.is(idx.get('7C')?.name, 'Corn');
    assert.equal(idx.search('').map((d) => d._id), ['7B', '7C', '7A'], 'each item once (Beans, Corn, Rice)');
  } finally {
    await b.close();
  }
});

test.run();
