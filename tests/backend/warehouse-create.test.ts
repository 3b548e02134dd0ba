import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { failure } from './store-fixtures';

test('warehouse-create and warehouse-list: Main store first, then by name', async () => {
  const b = await makeBackend();
  const id = ok(await b.dispatch('warehouse-create', { location: 'Yaba shop' })).id;
  assert.ok(id.startsWith('dA'));
  ok(await b.dispatch('warehouse-create', { location: 'Apapa depot' }));
  assert.equal(ok(await b.dispatch('warehouse-list', {})).map((w) => w.location), ['Main store', 'Apapa depot', 'Yaba shop']);
  assert.is(ok(await b.dispatch('warehouse-list', {}))[0]._id, 'store');
  await b.close();
});

test("location required: 'You must set the warehouse location'; a repeated name is refused", async () => {
  const b = await makeBackend();
  assert.equal(failure(await b.dispatch('warehouse-create', { location: ' ' })), { code: 'warehouse-location', message: 'You must set the warehouse location' });
  ok(await b.dispatch('warehouse-create', { location: 'Depot' }));
  assert.is(failure(await b.dispatch('warehouse-create', { location: 'depot' })).message, 'A warehouse named depot already exists');
  assert.is(ok(await b.dispatch('warehouse-list', {})).length, 2);
  await b.close();
});

test.run();
