/**
 * The server holds a customer's or supplier's phone number to the worker's rule over real HTTP: one number in
 * international form (commands/lib/phone.ts), or none. A device that skips the worker cannot store '0803 999'
 * or two numbers in one field (issue 27, item 4).
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

test('a client phone that is no phone number, or not in international form, is refused with 403', async () => {
  const a = await registerBusiness(env.server, { name: 'Phone Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const put = async (id: string, doc: object) => (await a.owner.call('PUT', `${main}/${id}`, doc)).status;
  assert.is(await put('4Ashort', { stores: 'customer', name: 'Typo', phone_number: '0803 999' }), 403);
  assert.is(await put('4Atwo', { stores: 'customer', name: 'Two', phone_number: '+2348031112222,+2348033334444' }), 403);
  assert.is(await put('4Anational', { stores: 'supplier', name: 'As typed', phone_number: '08031112222' }), 403);
  assert.is(await put('4Aobject', { stores: 'customer', name: 'Object', phone_number: { n: 1 } }), 403);
  assert.is(await put('4Agood', { stores: 'customer', name: 'Good', phone_number: '+2348031112222' }), 201);
  assert.is(await put('4Anone', { stores: 'supplier', name: 'No phone' }), 201);
});

test.run();
