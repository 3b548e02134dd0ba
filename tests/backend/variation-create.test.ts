import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { failure } from './store-fixtures';

test('variation-create stores type and value; variation-list groups values by type', async () => {
  const b = await makeBackend();
  const id = ok(await b.dispatch('variation-create', { type: 'Size', value: 'XL' })).id;
  assert.ok(id.startsWith('gA'));
  ok(await b.dispatch('variation-create', { type: 'Size', value: 'M' }));
  ok(await b.dispatch('variation-create', { type: 'Colour', value: 'Red' }));
  assert.equal(ok(await b.dispatch('variation-list', {})), [
    { type: 'Colour', values: ['Red'] },
    { type: 'Size', values: ['M', 'XL'] },
  ]);
  await b.close();
});

test("type and value are both required: 'You must set the variation location' (as spelled)", async () => {
  const b = await makeBackend();
  for (const input of [{ type: '', value: 'XL' }, { type: 'Size', value: ' ' }]) {
    assert.equal(failure(await b.dispatch('variation-create', input)), { code: 'variation-value', message: 'You must set the variation location' });
  }
  assert.equal(ok(await b.dispatch('variation-list', {})), []);
  await b.close();
});

test.run();
