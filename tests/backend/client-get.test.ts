import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { untyped } from '../../worker/db';

test('client-get returns the client, and null for missing, deleted or non-client ids', async () => {
  const b = await makeBackend();
  const c = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Ngozi', phone_number: '08050000000' }));
  const got = ok(await b.dispatch('client-get', { id: c._id }));
  assert.is(got?.name, 'Ngozi');
  assert.is(got?.stores, 'customer');
  assert.is(ok(await b.dispatch('client-get', { id: 'missing' })), null);
  await untyped(b.ctx.db.main).put({ _id: '7item', stores: 'item', name: 'Rice' });
  assert.is(ok(await b.dispatch('client-get', { id: '7item' })), null);
  await b.ctx.db.main.remove(await b.ctx.db.main.get(c._id));
  assert.is(ok(await b.dispatch('client-get', { id: c._id })), null);
  await b.close();
});

test.run();
