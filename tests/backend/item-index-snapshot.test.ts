import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc } from '../../commands/docs';
import { createBackend } from '../../worker/backend';
import { itemIndex } from '../../worker/items/search-index';
import { fixedClock, ok, OWNER } from './helpers';
import { addItem } from './store-fixtures';

const open = (name: string) => createBackend({ adapter: 'memory', name, clock: fixedClock(), user: OWNER });

test('a cold start reads the snapshot, then applies the changes made after it', async () => {
  const name = `snapshot-${process.pid}`;
  let b = await open(name);
  await addItem(b, { name: 'Rice', description: 'long grain' });
  const beans = await addItem(b, { name: 'Beans' });
  await itemIndex(b.ctx.db).save();
  // Written after the snapshot: a new item, a renamed one and a removed one.
  await b.ctx.db.main.put({ _id: '7Zlate', stores: 'item', name: 'Garri', price: 1, purchasePrice: 1 } satisfies ItemDoc as never);
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

test.run();
