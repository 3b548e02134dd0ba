import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem } from './store-fixtures';

test('an item of a group carries its variants (group, price, balance, _id) and option lists', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { useVariation: true, variationFields: ['Size', 'Colour'] }));
  const group = { name: 'T-shirt', id: ok(await b.dispatch('category-create', { value: 'T-shirt' })).id };
  const red = await addItem(b, { name: 'T-shirt', group, variation: { size: 'M', colour: 'Red' }, price: 2000, quantity: 4 });
  const blue = await addItem(b, { name: 'T-shirt', group, variation: { size: 'L', colour: 'Blue' }, price: 2500, quantity: 7 });
  const cap = await addItem(b, { name: 'Cap', price: 500 });
  const view = ok(await b.dispatch('item-get', { id: red }))!;
  assert.is(view.name, 'T-shirt');
  assert.is(view.balance, 4);
  assert.equal(
    view.variants.map((v) => [v._id, v.group, v.price, v.balance, v.values]).sort(),
    [
      [red, 'T-shirt', 2000, 4, { size: 'M', colour: 'Red' }],
      [blue, 'T-shirt', 2500, 7, { size: 'L', colour: 'Blue' }],
    ].sort(),
  );
  assert.equal(view.variations, [
    { name: 'Size', key: 'size', options: ['L', 'M'] },
    { name: 'Colour', key: 'colour', options: ['Blue', 'Red'] },
  ]);
  // Variations apply to the items that have them: a plain item gets no (empty) Size and Colour lists.
  assert.equal(ok(await b.dispatch('item-get', { id: cap }))!.variations, []);
  await b.close();
});

test('lookup by barcode as well as id; a missing one answers null', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Indomie', barcode: '0042' });
  assert.is(ok(await b.dispatch('item-get', { id: '0042' }))?._id, id);
  assert.is(ok(await b.dispatch('item-get', { id }))?.name, 'Indomie');
  assert.is(ok(await b.dispatch('item-get', { id: 'nope' })), null);
  await b.close();
});

test.run();
