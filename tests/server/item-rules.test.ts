/**
 * The server holds an item's reorder levels to the worker's rule over real HTTP: a number of 0 or more, for the
 * item and for each warehouse (a device that skips the worker's check cannot store another).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('reorder levels: numbers of 0 or more, per item and per warehouse', async () => {
  const a = await registerBusiness(env.server, { name: 'Reorder Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const item = { stores: 'item', name: 'Soap', price: 100, purchasePrice: 80, date: 1000, user: { username: a.username, fullname: 'x' } };
  const put = async (id: string, doc: object) => {
    const res = await a.owner.call('PUT', `${main}/${id}`, doc);
    return { status: res.status, reason: String(res.body?.reason ?? '') };
  };
  for (const bad of [-1, '5', null, Infinity]) {
    const res = await put('item-bad', { ...item, reorderLevel: bad });
    assert.is(res.status, 403, `reorderLevel ${String(bad)}`);
  }
  assert.is((await put('item-bad', { ...item, reorderLevel: -1 })).reason, 'The reorder level must be a number of 0 or more.');
  assert.is((await put('item-bad', { ...item, reorderLevels: { store: -2 } })).status, 403);
  assert.is((await put('item-bad', { ...item, reorderLevels: { store: 'x' } })).status, 403);
  assert.is((await put('item-bad', { ...item, reorderLevels: [3] })).status, 403);
  assert.is((await put('item-good', { ...item, reorderLevel: 0, reorderLevels: { store: 2.5, w1: 0 } })).status, 201);
  assert.is((await put('item-plain', item)).status, 201);
});

test.run();
