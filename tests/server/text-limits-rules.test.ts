/**
 * Names and notes have a length on the server too (issue 27, item 6): a device that skips the worker's check
 * cannot store a 5,000-character item name. validate_doc_update walks the worker's table
 * (commands/lib/text-limits.ts) and answers 403 with the worker's message; nothing is stored.
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

test('a name or note past its length is refused with 403 and the message; at the limit it is stored', async () => {
  const a = await registerBusiness(env.server, { name: 'Text Limits Shop' });
  const main = `/db/oja-${a.id}`;
  const user = { username: a.username, fullname: 'x' };
  const put = async (id: string, doc: object) => {
    const res = await a.owner.call('PUT', `${main}/${id}`, doc);
    return { status: res.status, reason: String(res.body?.reason ?? '') };
  };
  const refused = async (id: string, doc: object, reason: string) => {
    assert.equal(await put(id, doc), { status: 403, reason }, id);
    assert.is((await a.owner.call('GET', `${main}/${id}`)).status, 404, `${id} was stored`);
  };
  const item = { stores: 'item', name: 'Soap', price: 100, purchasePrice: 80, date: 1000, user };
  await refused('item-long', { ...item, name: 'A'.repeat(5000) }, 'Item name must be at most 120 characters (this one has 5,000)');
  await refused('item-desc', { ...item, description: 'd'.repeat(501) }, 'Description must be at most 500 characters (this one has 501)');
  await refused('client-long', { stores: 'customer', name: 'C'.repeat(121), date: 1, user }, 'Name must be at most 120 characters (this one has 121)');
  await refused('aAlong', { stores: 'expense', amount: 5, source: 'cash', description: 'p'.repeat(1000), date: 1 }, 'Purpose must be at most 500 characters (this one has 1,000)');
  await refused('cat-long', { stores: 'category', value: 'x'.repeat(200), date: 1, user }, 'Category must be at most 120 characters (this one has 200)');
  const sale = {
    stores: 'sale', invoice_number: '1', customer: { with_account: false, name: 'Walk-in' }, items: [{ id: 'item-ok', name: 'Soap', quantity: 1, price: 100 }],
    amount_paid: 100, total_due: 100, total_quantity: 1, summary: 'Sale of Soap', date: 1, user,
  };
  await refused('sale-line', { ...sale, items: [{ id: 'item-ok', name: 'S'.repeat(251), quantity: 1, price: 100 }] }, 'Item name must be at most 250 characters (this one has 251)');
  assert.is((await put('item-ok', { ...item, name: 'A'.repeat(120), description: 'd'.repeat(500) })).status, 201);
  assert.is((await put('sale-ok', sale)).status, 201);

  // A document from before the limits (only the database admin can still write one) keeps what it held: its
  // other fields can change; a new name past the limit is refused.
  const password = env.server.adminPassword();
  const legacy = await fetch(`${env.server.url}${main}/item-legacy`, {
    method: 'PUT',
    headers: { Authorization: 'Basic ' + Buffer.from(`admin:${password}`).toString('base64'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...item, name: 'L'.repeat(300) }),
  });
  assert.is(legacy.status, 201);
  const stored = (await a.owner.call('GET', `${main}/item-legacy`)).body;
  const repriced = await put('item-legacy', { ...stored, price: 150 });
  assert.is(repriced.status, 201, repriced.reason);
  const renamed = await put('item-legacy', { ...stored, _rev: (await a.owner.call('GET', `${main}/item-legacy`)).body._rev, name: 'M'.repeat(300) });
  assert.equal(renamed, { status: 403, reason: 'Item name must be at most 120 characters (this one has 300)' });
});

test.run();
