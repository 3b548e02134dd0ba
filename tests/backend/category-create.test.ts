import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { failure } from './store-fixtures';

test('category-create stores the value; category-list returns them by name', async () => {
  const b = await makeBackend();
  const id = ok(await b.dispatch('category-create', { value: ' Shoes ' })).id;
  assert.ok(id.startsWith('hA'));
  ok(await b.dispatch('category-create', { value: 'Bags' }));
  const list = ok(await b.dispatch('category-list', {}));
  assert.equal(list.map((c) => c.value), ['Bags', 'Shoes']);
  assert.is(list[1].stores, 'category');
  await b.close();
});

test("an empty value: 'You must set the category value'", async () => {
  const b = await makeBackend();
  assert.equal(failure(await b.dispatch('category-create', { value: '  ' })), { code: 'category-value', message: 'You must set the category value' });
  assert.is(ok(await b.dispatch('category-list', {})).length, 0);
  await b.close();
});

test.run();
