/**
 * worker/writes.ts's writeAll: documents that stand or fall together. A batch whose replaced revision is no
 * longer the stored one writes nothing; a batch refused in part is undone document by document (an update
 * restored, a deletion brought back, a new document deleted again); the steps declared on a database see
 * every write.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabases, untyped } from '../../worker/db';
import { declareWriteSteps, putDoc, writeAll, WriteRefused, type Write } from '../../worker/writes';

type Doc = { _id: string; _rev?: string; _deleted?: boolean; v?: number };
let n = 0;

async function fresh() {
  const dbs = await openDatabases(`write-all-${process.pid}-${++n}`, 'memory');
  const db = untyped(dbs.denormalized);
  const a = await putDoc(db, { _id: 'a', v: 1 });
  const b = await putDoc(db, { _id: 'b', v: 1 });
  return { dbs, db, revs: { a: a.rev, b: b.rev } };
}

async function live(db: ReturnType<typeof untyped>) {
  const all = await db.allDocs({ include_docs: true });
  return Object.fromEntries(all.rows.map((r) => [r.id, (r.doc as unknown as Doc).v]));
}

async function refusal(p: Promise<unknown>): Promise<WriteRefused> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WriteRefused) return e;
    throw e;
  }
  throw new Error('expected the batch to be refused');
}

test('a replaced revision that is no longer stored: nothing of the batch is written', async () => {
  const { dbs, db, revs } = await fresh();
  await putDoc(db, { _id: 'a', _rev: revs.a, v: 2 }); // someone else's edit, before ours
  const seqBefore = (await db.info()).update_seq;
  const e = await refusal(writeAll(db, [{ _id: 'a', _rev: revs.a, v: 9 }, { _id: 'b', _rev: revs.b, v: 9 }, { _id: 'c', v: 9 }]));
  assert.equal([e.conflict, e.undone], [true, true]);
  assert.equal(await live(db), { a: 2, b: 1 });
  assert.is((await db.info()).update_seq, seqBefore, 'not one write');
  await Promise.all(Object.values(dbs).map((d) => d.close()));
});

test('refused in part: every written document goes back to what it replaced', async () => {
  const { dbs, db, revs } = await fresh();
  const c = await putDoc(db, { _id: 'c', v: 1 });
  // The edit of 'b' arrives between the check and the write, as replication writes it.
  const original = db.bulkDocs.bind(db);
  let once = false;
  db.bulkDocs = (async (docs: Doc[], opts?: { new_edits?: boolean }) => {
    if (!once && opts?.new_edits !== false) {
      once = true;
      const [gen, hash] = revs.b.split('-');
      await original([{ _id: 'b', v: 7, _rev: `${Number(gen) + 1}-${'e'.repeat(32)}`, _revisions: { start: Number(gen) + 1, ids: ['e'.repeat(32), hash] } }] as never[], { new_edits: false });
    }
    return original(docs as never[], opts as never);
  }) as typeof db.bulkDocs;
  const e = await refusal(
    writeAll(db, [
      { _id: 'a', _rev: revs.a, v: 2 }, // an update
      { _id: 'b', _rev: revs.b, v: 2 }, // refused: b changed meanwhile
      { _id: 'c', _rev: c.rev, _deleted: true }, // a deletion
      { _id: 'd', v: 2 }, // a new document
    ]),
  );
  assert.equal([e.conflict, e.undone], [true, true]);
  assert.equal(await live(db), { a: 1, b: 7, c: 1 }, "a and c as they were, b the other edit's, d gone");
  await Promise.all(Object.values(dbs).map((d) => d.close()));
});

test('every write, one document or a batch, passes the steps declared on its database', async () => {
  const { dbs, db } = await fresh();
  const seen: string[][] = [];
  declareWriteSteps(db, [{ name: 'recorder', observe: (w: Write) => void w.outcome.then(() => seen.push(w.docs.map((d) => d._id ?? ''))) }]);
  await putDoc(db, { _id: 'x', v: 1 });
  await writeAll(db, [{ _id: 'y', v: 1 }, { _id: 'z', v: 1 }]);
  assert.equal(seen, [['x'], ['y', 'z']]);
  await Promise.all(Object.values(dbs).map((d) => d.close()));
});

test.run();
