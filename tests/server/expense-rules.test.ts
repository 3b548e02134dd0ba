/**
 * The server holds expenses and banks to the worker's rules over real HTTP (validate_doc_update): an expense has
 * an amount above 0, a source (the cash account or a bank) and a purpose, and once saved its amount and source
 * cannot be rewritten (marking it delete_pending and deleting it still work); a bank has a name.
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

test('expenses and banks that break the rules are refused with 403; marking and deleting still work', async () => {
  const a = await registerBusiness(env.server, { name: 'Expense Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const put = async (id: string, doc: object) => (await a.owner.call('PUT', `${main}/${id}`, doc)).status;
  const expense = { stores: 'expense', amount: 1200, source: 'cash', description: 'Shop rent', date: 1 };
  assert.is(await put('aAzero', { ...expense, amount: 0 }), 403);
  assert.is(await put('aAneg', { ...expense, amount: -5 }), 403);
  assert.is(await put('aAtext', { ...expense, amount: '1200' }), 403);
  assert.is(await put('aAnosource', { ...expense, source: undefined }), 403);
  assert.is(await put('aAbadsource', { ...expense, source: { name: 'GTB' } }), 403);
  assert.is(await put('aAnopurpose', { ...expense, description: ' ' }), 403);
  assert.is(await put('cAnoname', { stores: 'bank', name: '' }), 403);
  assert.is(await put('cAgtb', { stores: 'bank', name: 'GTB', account_name: '', account_number: '' }), 201);
  assert.is(await put('aAbank', { ...expense, source: { ref: 'cAgtb', name: 'GTB' } }), 201);
  assert.is(await put('aAcash', expense), 201);

  const saved = (await a.owner.call('GET', `${main}/aAcash`)).body;
  assert.is(await put('aAcash', { ...saved, amount: 1 }), 403);
  assert.is(await put('aAcash', { ...saved, source: { ref: 'cAgtb', name: 'GTB' } }), 403);
  // Marking and deleting under a policy that allows the owner (the default lets nobody delete, server included).
  const policy = (await a.owner.call('GET', `/db/oja-${a.id}-shared/config-deletePolicy`)).body;
  assert.is((await a.owner.call('PUT', `/db/oja-${a.id}-shared/config-deletePolicy`, { ...policy, value: 'all' })).status, 201);
  const marked = await a.owner.call('PUT', `${main}/aAcash`, { ...saved, delete_pending: true });
  assert.is(marked.status, 201);
  const deleted = await a.owner.call('PUT', `${main}/aAcash`, { ...saved, _rev: marked.body.rev, _deleted: true, deletedBy: { username: a.username, fullname: 'Ada Obi' } });
  assert.ok(SAVED.includes(deleted.status), `deleted: ${deleted.status}`);
});

test.run();
