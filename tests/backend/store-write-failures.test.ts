/** The spec's error catalogue (document 000 section 8): what a person reads when the database refuses a write. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem, balance, failure } from './store-fixtures';

/** Makes every put and bulk write of the main database fail from now on, as a full disk would. */
function breakWrites(b: Awaited<ReturnType<typeof makeBackend>>) {
  const db = b.ctx.db.main as unknown as Record<string, unknown>;
  const refuse = () => Promise.reject(Object.assign(new Error('disk full'), { status: 500 }));
  db.put = refuse;
  db.bulkDocs = refuse;
}

test('each store write failure shows its catalogue message', async () => {
  const b = await makeBackend();
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  const item = await addItem(b, { name: 'Rice', quantity: 10 });
  breakWrites(b);
  const cases: [Promise<{ ok: boolean; error?: { code: string; message: string } }>, string][] = [
    [b.dispatch('item-create', { name: 'New', price: 1 }), ' disk full Error creating a new item'],
    [b.dispatch('item-update', { id: item, name: 'Rice 2' }), 'Error occurred while updating item information'],
    [b.dispatch('warehouse-create', { location: 'Yard' }), 'Error occurred while creating warehouse'],
    [b.dispatch('warehouse-transfer', { item, from: 'store', to: depot, quantity: 1 }), 'Goods transfer failed'],
    [b.dispatch('return-create', { kind: 'customer', item, quantity: 1 }), 'Good returns not completed'],
    [b.dispatch('return-create', { kind: 'supplier', item, quantity: 1 }), 'Good returns not completed'],
    [b.dispatch('return-create', { kind: 'damaged', item, quantity: 1 }), 'Damaged goods entry not completed'],
    [b.dispatch('variation-create', { type: 'Size', value: 'M' }), 'Error occurred while creating variation'],
    [b.dispatch('category-create', { value: 'Shoes' }), 'Error occurred while creating category'],
  ];
  for (const [reply, message] of cases) assert.is(failure(await reply).message, message);
  assert.is(await balance(b, item), 10, 'nothing moved');
  await b.close();
});

test('an issue whose write fails is reported and leaves no line behind', async () => {
  const b = await makeBackend();
  const item = await addItem(b, { name: 'Rice', quantity: 10 });
  breakWrites(b);
  const reply = await b.dispatch('issue-create', { direction: 'issue-out', collector: { name: 'Musa' }, date: Date.now(), items: [{ id: item, name: 'Rice', quantity: 2 }] });
  assert.is(failure(reply).message, 'The issue was not saved: disk full');
  assert.is(await balance(b, item), 10);
  await b.close();
});

test.run();
