/**
 * The catch-up's one-read revs_diff (worker/sync/revs-diff.ts) answers exactly what PouchDB's own answers, for
 * absent documents, present ones (known, unknown and conflicting revisions) and deleted ones, by promise and
 * by callback; and the absent ones cost no per-document revision-tree read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { quickRevsDiff } from '../../worker/sync/revs-diff';
import { ensureAdapter, PouchDB, type Database } from '../../worker/pouch';

let n = 0;
async function db(): Promise<Database> {
  await ensureAdapter('memory');
  return new PouchDB(`revs-diff-${process.pid}-${++n}`, { adapter: 'memory' }) as Database;
}

/** A replica with absent, present, deleted and conflicting documents; `own` is PouchDB's answer before the quick one is given. */
async function pair() {
  const plain = await db();
  const quick = await db();
  const a = await plain.put({ _id: 'a', v: 1 });
  const a2 = await plain.put({ _id: 'a', _rev: a.rev, v: 2 });
  const gone = await plain.put({ _id: 'gone', v: 1 });
  const goneDel = await plain.remove('gone', gone.rev);
  // A conflict: a second branch of 'c' written as a replication would.
  const c = await plain.put({ _id: 'c', v: 1 });
  await plain.bulkDocs([{ _id: 'c', _rev: '2-ffffffffffffffffffffffffffffffff', v: 'other', _revisions: { start: 2, ids: ['ffffffffffffffffffffffffffffffff', c.rev.split('-')[1]] } }], { new_edits: false });
  await plain.replicate.to(quick);
  const diffs = {
    a: [a.rev, a2.rev, '3-00000000000000000000000000000000'],
    gone: [gone.rev, goneDel.rev, '3-11111111111111111111111111111111'],
    c: [c.rev, '2-ffffffffffffffffffffffffffffffff', '2-22222222222222222222222222222222'],
    absent: ['1-33333333333333333333333333333333', '2-44444444444444444444444444444444'],
    'absent-too': ['5-55555555555555555555555555555555'],
  };
  const own = await quick.revsDiff(diffs);
  quickRevsDiff(quick);
  return { plain, quick, diffs, own };
}

test('answers what PouchDB answers, by promise', async () => {
  const { quick, diffs, own } = await pair();
  const fast = await quick.revsDiff(diffs);
  assert.equal(fast, own);
  assert.equal(fast.absent, { missing: diffs.absent });
  assert.ok(fast.a.missing?.includes('3-00000000000000000000000000000000'));
  assert.not.ok(fast.a.missing?.includes(diffs.a[1]), 'the revision it has is not missing');
  assert.not.ok(fast.c.missing?.includes('2-ffffffffffffffffffffffffffffffff'), 'a conflicting revision it has is not missing');
});

test('answers by callback too, and an empty request with nothing', async () => {
  const { quick, diffs, own } = await pair();
  const viaCallback = await new Promise((resolve, reject) =>
    (quick.revsDiff as unknown as (d: object, cb: (e: unknown, r: unknown) => void) => void)(diffs, (e, r) => (e ? reject(e) : resolve(r))),
  );
  assert.equal(viaCallback, own);
  assert.equal(await quick.revsDiff({}), {});
});

test('documents the database lacks are answered without reading a revision tree each', async () => {
  const quick = await db();
  await quick.put({ _id: 'here', v: 1 });
  quickRevsDiff(quick);
  const trees: string[] = [];
  const inner = quick as unknown as { _getRevisionTree(id: string, cb: (e: unknown, t?: unknown) => void): void };
  const original = inner._getRevisionTree.bind(inner);
  inner._getRevisionTree = (id, cb) => {
    trees.push(id);
    original(id, cb);
  };
  const ids = Array.from({ length: 2000 }, (_, i) => `new-${i}`);
  const res = await quick.revsDiff(Object.fromEntries([...ids, 'here'].map((id) => [id, ['1-66666666666666666666666666666666']])));
  assert.is(Object.keys(res).length, 2001);
  assert.equal(trees, ['here'], 'only the document it has');
});

test('a replication into a database with the quick revs_diff brings every document and revision', async () => {
  const { plain, quick } = await pair();
  await plain.bulkDocs(Array.from({ length: 300 }, (_, i) => ({ _id: `n${i}`, v: i })));
  await quick.replicate.from(plain, { batch_size: 100 });
  const [p, q] = await Promise.all([plain.allDocs({ conflicts: true, include_docs: true }), quick.allDocs({ conflicts: true, include_docs: true })]);
  assert.equal(q.rows, p.rows);
});

test.run();
