import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem, failure } from './store-fixtures';
import { stored } from '../support/docs';

test('item-update changes the given fields, keeps the rest, and search sees the new name', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Sugar', description: 'white', image: 'data:image/png;base64,AAAA' });
  ok(await b.dispatch('item-update', { id, name: 'Brown sugar', price: '1,250.50', image: '' }));
  const doc = await stored(b.ctx.db.main, id, 'item');
  assert.is(doc.name, 'Brown sugar');
  assert.is(doc.price, 1250.5);
  assert.is(doc.purchasePrice, 80);
  assert.is(doc.description, 'white');
  assert.is(doc.image, undefined);
  const found = ok(await b.dispatch('item-search', { query: 'brown' }));
  assert.equal(found.rows.map((r) => r.name), ['Brown sugar']);
  await b.close();
});

test("failures read 'Error occurred while updating item information'", async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Salt' });
  assert.equal(failure(await b.dispatch('item-update', { id: '7missing', name: 'X' })), { code: 'item-update', message: 'Error occurred while updating item information' });
  assert.is(failure(await b.dispatch('item-update', { id, name: '' })).message, 'Item name is required. Error occurred while updating item information');
  const doc = await stored(b.ctx.db.main, id, 'item');
  assert.is(doc.name, 'Salt');
  await b.close();
});

test.run();
