import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc } from '../../commands/docs';
import { makeBackend, ok } from './helpers';
import { addItem } from './store-fixtures';

const names = (r: { rows: { name: string }[] }) => r.rows.map((x) => x.name);

test('prefix and substring over name, description, price, id and barcode, ranked name-prefix first', async () => {
  const b = await makeBackend();
  await addItem(b, { name: 'Peak milk', description: 'tin 400g', price: 950 });
  await addItem(b, { name: 'Milo', description: 'chocolate drink', price: 1200 });
  const cowbell = await addItem(b, { name: 'Cowbell', description: 'powdered milk sachet', price: 100, barcode: '6151100' });
  await addItem(b, { name: 'Bread', price: 700 });
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'mil' }))), ['Milo', 'Peak milk', 'Cowbell']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'ocolat' }))), ['Milo']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '1200' }))), ['Milo']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '6151100' }))), ['Cowbell']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: cowbell }))), ['Cowbell']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'br' }))), ['Bread']);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'zzz' }))), []);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '' }))), ['Bread', 'Cowbell', 'Milo', 'Peak milk']);
  await b.close();
});

test('one page at a time, with the total; raw filter; balances on hits', async () => {
  const b = await makeBackend();
  for (let i = 0; i < 30; i++) await addItem(b, { name: `Item ${String(i).padStart(2, '0')}`, isRaw: i % 3 === 0, quantity: i });
  const page = ok(await b.dispatch('item-search', { query: 'item', offset: 10, limit: 5 }));
  assert.is(page.total, 30);
  assert.equal(names(page), ['Item 10', 'Item 11', 'Item 12', 'Item 13', 'Item 14']);
  assert.equal(page.rows.map((r) => r.balance), [10, 11, 12, 13, 14]);
  const raw = ok(await b.dispatch('item-search', { query: '', raw: true, limit: 100 }));
  assert.is(raw.total, 10);
  assert.ok(raw.rows.every((r) => r.isRaw));
  await b.close();
});

test('replicated items reach the index through the changes feed, deletions leave it', async () => {
  const b = await makeBackend();
  await addItem(b, { name: 'First' });
  assert.is(ok(await b.dispatch('item-search', { query: '' })).total, 1);
  // A document arriving by sync is a plain write to the database, not a command.
  const doc: ItemDoc = { _id: '7Zsynced1', stores: 'item', name: 'Synced garri', price: 300, purchasePrice: 250 };
  const put = await b.ctx.db.main.put(doc as never);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'garri' }))), ['Synced garri']);
  await b.ctx.db.main.remove('7Zsynced1', put.rev);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'garri' }))), []);
  await b.close();
});

test.run();
