/**
 * The server holds client accounts to the worker's rules over real HTTP (validate_doc_update): a client has a
 * name; a payment or cash adjustment has a direction, an amount above 0 and its account, and once saved what it
 * moved cannot be rewritten (marking and deleting still work); a stock transfer needs two different customers,
 * a quantity above 0 and prices that are not negative.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer, registerBusiness, SAVED } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

const client = { name: 'Ada', account_ref: '4Aada' };

test('clients, payments, cash adjustments and stock transfers that break the rules are refused with 403', async () => {
  const a = await registerBusiness(env.server, { name: 'Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const put = async (id: string, doc: object) => (await a.owner.call('PUT', `${main}/${id}`, doc)).status;
  assert.is(await put('4Anoname', { stores: 'customer', name: '  ' }), 403);
  assert.is(await put('4Aada', { stores: 'customer', name: 'Ada' }), 201);

  const payment = { stores: 'payment', client, by: '4Aada', factor: -1, amount: 500, medium: 'cash', date: 1 };
  assert.is(await put('5Azero', { ...payment, amount: 0 }), 403);
  assert.is(await put('5Aneg', { ...payment, amount: -5 }), 403);
  assert.is(await put('5Atext', { ...payment, amount: '500' }), 403);
  assert.is(await put('5Afactor', { ...payment, factor: 2 }), 403);
  assert.is(await put('5Anoaccount', { ...payment, client: { name: 'Ada' } }), 403);
  // A bank's starting balance is a payment without a client.
  assert.is(await put('5Abank', { stores: 'payment', factor: -1, amount: 100, medium: { ref: 'cAb', name: 'GTB' }, exclude: true, date: 1 }), 201);
  assert.is(await put('5Agood', payment), 201);

  const saved = (await a.owner.call('GET', `${main}/5Agood`)).body;
  assert.is(await put('5Agood', { ...saved, amount: 5 }), 403);
  assert.is(await put('5Agood', { ...saved, factor: 1 }), 403);
  assert.is(await put('5Agood', { ...saved, client: { name: 'Bola', account_ref: '4Abola' } }), 403);
  assert.is(await put('5Agood', { ...saved, medium: { ref: 'cAb', name: 'GTB' } }), 403);
  // Marking and deleting under a policy that allows the owner (the default lets nobody delete, server included).
  const policy = (await a.owner.call('GET', `/db/oja-${a.id}-shared/config-deletePolicy`)).body;
  assert.is((await a.owner.call('PUT', `/db/oja-${a.id}-shared/config-deletePolicy`, { ...policy, value: 'all' })).status, 201);
  const marked = await a.owner.call('PUT', `${main}/5Agood`, { ...saved, delete_pending: true });
  assert.is(marked.status, 201);
  const del = await a.owner.call('PUT', `${main}/5Agood`, { ...saved, _rev: marked.body.rev, _deleted: true, deletedBy: { username: a.username, fullname: 'Ada Obi' } });
  assert.ok(SAVED.includes(del.status), `deleted: ${del.status}`);

  const adjustment = { stores: 'cash-adjustment', client, factor: 1, amount: 50, date: 1 };
  assert.is(await put('1Anoclient', { ...adjustment, client: undefined }), 403);
  assert.is(await put('1Azero', { ...adjustment, amount: 0 }), 403);
  assert.is(await put('1Agood', adjustment), 201);

  const transfer = { stores: 'stock-transfer', sender: client, recipient: { name: 'Bola', account_ref: '4Abola' }, item: { id: '7Ar', name: 'Rice' }, quantity: 2, send_price: 10, receive_price: 12, date: 1 };
  assert.is(await put('8Aself', { ...transfer, recipient: client }), 403);
  assert.is(await put('8Aqty', { ...transfer, quantity: 0 }), 403);
  assert.is(await put('8Aprice', { ...transfer, send_price: -1 }), 403);
  assert.is(await put('8Agood', transfer), 201);
});

test.run();
