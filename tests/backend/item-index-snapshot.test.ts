import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc } from '../../commands/docs';
import { createBackend } from '../../worker/backend';
import { ItemIndex, itemIndex } from '../../worker/items/search/item-index';
import { fixedClock, ok } from './helpers';
import { OWNER } from '../support/fixtures';
import { addItem } from './store-fixtures';
import { untyped } from '../../worker/db';

const open = (name: string) => createBackend({ adapter: 'memory', name, clock: fixedClock(), user: OWNER });

test('a cold start reads the snapshot, then applies the changes made after it', async () => {
  const name = `snapshot-${process.pid}`;
  let b = await open(name);
  await addItem(b, { name: 'Rice', description: 'long grain' });
  const beans = await addItem(b, { name: 'Beans' });
  await itemIndex(b.ctx.db).save();
  // Written after the snapshot: a new item, a renamed one and a removed one.
  await untyped(b.ctx.db.main).put({ _id: '7Zlate', stores: 'item', name: 'Garri', price: 1, purchasePrice: 1 } satisfies ItemDoc as never);
  ok(await b.dispatch('item-update', { id: beans, name: 'Brown beans' }));
  await b.close();

  b = await open(name);
  const names = (r: { rows: { name: string }[] }) => r.rows.map((x) => x.name);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '' }))), ['Brown beans', 'Garri', 'Rice']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'grain' }))), ['Rice']);
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'snapshot');
  await b.close();
});

test('without a snapshot the index reads the database and then writes one', async () => {
  const name = `snapshot-none-${process.pid}`;
  let b = await open(name);
  await addItem(b, { name: 'Oil' });
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'database');
  await itemIndex(b.ctx.db).save();
  const head = (await b.ctx.db.local.get('_local/item-index-head')) as unknown as { seq: number; chunks: number };
  assert.is(head.chunks, 1);
  await b.close();
  b = await open(name);
  assert.is(ok(await b.dispatch('item-search', { query: 'oil' })).total, 1);
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'snapshot');
  await b.close();
});

const WORDS = ['rice', 'Rice-bag', 'milk', 'tin', 'oil', 'soap', 'sugar', 'a-b', 'price'];
const QUERIES = ['', 'r', 'ri', 'ric', 'rice', 'ice', 'bag', 'pack', 'o', 'mi', '12', '7item01', 'rb9', 'late', 'new', 'zzz'];

test('an index restored from a snapshot answers exactly like one built from the documents, later writes included', async () => {
  const name = `snapshot-same-${process.pid}`;
  let b = await open(name);
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const item = (i: number, extra = '') => ({
    _id: `7Item${String(i).padStart(4, '0')}`,
    stores: 'item',
    name: `${WORDS[rand(WORDS.length)]} ${WORDS[rand(WORDS.length)]} ${i % 40}${extra}`,
    description: rand(3) ? `${WORDS[rand(WORDS.length)]} pack` : '',
    price: 100 + rand(900),
    purchasePrice: 50,
    isRaw: rand(4) === 0,
    ...(i % 9 === 0 ? { barcode: `RB${i}` } : {}),
  });
  await untyped(b.ctx.db.main).bulkDocs(Array.from({ length: 600 }, (_, i) => item(i)));
  await b.settled();
  await itemIndex(b.ctx.db).save();
  // After the snapshot: new items, renamed ones and removed ones.
  await untyped(b.ctx.db.main).bulkDocs(Array.from({ length: 40 }, (_, i) => item(600 + i, ' new late')));
  for (const id of ['7Item0003', '7Item0120', '7Item0599']) {
    const doc = await b.ctx.db.main.get(id);
    await untyped(b.ctx.db.main).put({ ...doc, name: `renamed rice ${id}` });
  }
  for (const id of ['7Item0010', '7Item0300']) await b.ctx.db.main.remove(await b.ctx.db.main.get(id));
  await b.close();

  b = await open(name);
  const restored = itemIndex(b.ctx.db);
  await restored.ready();
  assert.is(restored.startedFrom(), 'snapshot');
  // The same database, read from its documents: a device-only database without a snapshot.
  const noSnapshot = { get: () => Promise.reject(Object.assign(new Error('missing'), { status: 404 })), put: async () => ({}) };
  const built = new ItemIndex({ main: b.ctx.db.main, local: noSnapshot as never });
  await built.ready();
  assert.is(built.startedFrom(), 'database');
  assert.is(restored.size, 638);
  assert.is(built.size, 638);
  const ids = (docs: ItemDoc[]) => docs.map((d) => `${d._id}:${d.name}`);
  for (const q of QUERIES) {
    for (const raw of [undefined, true, false]) {
      assert.equal(ids(restored.search(q, { raw })), ids(built.search(q, { raw })), `search ${q} raw ${raw}`);
      for (const offset of [0, 30, 200]) {
        const a = restored.page(q, offset, 30, { raw });
        const e = built.page(q, offset, 30, { raw });
        assert.equal(ids(a.docs), ids(e.docs), `page ${q} ${offset} raw ${raw}`);
        assert.is(a.total, e.total, `total ${q}`);
      }
    }
  }
  assert.ok(restored.search('late').length >= 40);
  assert.equal(restored.search('renamed rice').length, 3);
  assert.is(restored.get('7Item0010'), undefined);
  built.close();
  await b.close();
});

test.run();
