/**
 * Price levels (issue 28) over real HTTP: the server holds the settings' levels, an item's level prices, a
 * customer's default level and the level a sale records to the worker's shapes and bounds, and a sales agent
 * (level 3) can change neither the levels nor an item's prices. A device that skips the worker's checks (an old
 * build, a hand-made request) cannot store what the app would trip over.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness, type Client } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

async function put(client: Client, db: string, id: string, doc: object) {
  const current = await client.call('GET', `${db}/${id}`);
  const rev = current.status === 200 ? { _rev: current.body._rev } : {};
  const res = await client.call('PUT', `${db}/${id}`, { ...doc, ...rev });
  return { status: res.status, reason: String(res.body?.reason ?? '') };
}

test('the priceLevels setting: bounded count and names, whole minimum quantities, no extra fields; the owner only', async () => {
  const a = await registerBusiness(env.server, { name: 'Levels Settings Shop' });
  const shared = `/db/oja-${a.id}-shared`;
  const set = (value: unknown, client: Client = a.owner) => put(client, shared, 'config-priceLevels', { stores: 'config', key: 'priceLevels', value });
  const good = [
    { id: 'wholesale', name: 'Wholesale', minQuantity: 12 },
    { id: 'distributor', name: 'Distributor' },
  ];
  assert.equal(await set(good), { status: 201, reason: '' });
  const refusals: [unknown, string][] = [
    [Array.from({ length: 11 }, (_, i) => ({ id: `l${i}`, name: `Level ${i}` })), 'At most 10 price levels'],
    [[{ id: 'w', name: 'W'.repeat(41) }], 'A price level needs a name of at most 40 characters'],
    [[{ id: 'w', name: '' }], 'A price level needs a name of at most 40 characters'],
    [[{ id: 'w', name: 'Wholesale', minQuantity: 0 }], 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty'],
    [[{ id: 'w', name: 'Wholesale', minQuantity: '12' }], 'A price level minimum quantity is a whole number from 1 to 999,999,999, or empty'],
    [[{ id: 'Big Id', name: 'Wholesale' }], 'A price level id is 1 to 40 lower-case letters, digits or dashes'],
    [[{ id: 'a', name: 'Trade' }, { id: 'a', name: 'Retail trade' }], 'Two price levels have the same id'],
    [[{ id: 'a', name: 'Trade' }, { id: 'b', name: 'TRADE' }], 'Price levels: "TRADE" is listed twice'],
    [[{ id: 'a', name: 'Trade', colour: 'red' }], 'Each price level has an id, a name and optionally a minimum quantity'],
    [['Wholesale'], 'Each price level has an id, a name and optionally a minimum quantity'],
    [{ wholesale: 1 }, 'Price levels must be a list of levels'],
  ];
  for (const [value, reason] of refusals) assert.equal(await set(value), { status: 403, reason }, JSON.stringify(value).slice(0, 80));
  const agent = await addStaff(a.owner, a.id, 'Sola Agent', 3);
  assert.is((await set([], agent.client)).status, 403, 'a sales agent changes no levels');
  assert.equal((await a.owner.call('GET', `${shared}/config-priceLevels`)).body.value, good);
});

test("an item's level prices: a map of level id to an amount of 0 or more, at most 10; a sales agent cannot change them", async () => {
  const a = await registerBusiness(env.server, { name: 'Level Prices Shop' });
  const main = `/db/oja-${a.id}`;
  const item = { stores: 'item', name: 'Indomie', price: 220, purchasePrice: 150, date: 1000, user: { username: a.username, fullname: 'x' } };
  const message = 'Level prices are a map of price level to an amount of 0 or more';
  for (const bad of [{ wholesale: -1 }, { wholesale: '200' }, { wholesale: null }, { 'Not An Id': 200 }, [200], 'x', null]) {
    assert.equal(await put(a.owner, main, 'item-bad', { ...item, levelPrices: bad }), { status: 403, reason: message }, JSON.stringify(bad));
  }
  const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`l${i}`, 100]));
  assert.equal(await put(a.owner, main, 'item-bad', { ...item, levelPrices: eleven }), { status: 403, reason: 'At most 10 price levels' });
  assert.equal(await put(a.owner, main, 'item-bad', { ...item, levelPrices: { wholesale: 1e13 } }), { status: 403, reason: 'Level price must be below 1,000,000,000,000' });
  assert.is((await put(a.owner, main, 'item-good', { ...item, levelPrices: { wholesale: 200, distributor: 0 } })).status, 201);
  const agent = await addStaff(a.owner, a.id, 'Tunde Agent', 3);
  const current = (await a.owner.call('GET', `${main}/item-good`)).body;
  const cut = await agent.client.call('PUT', `${main}/item-good`, { ...current, levelPrices: { wholesale: 1 } });
  assert.is(cut.status, 403, 'a sales agent changes no prices');
  assert.equal((await a.owner.call('GET', `${main}/item-good`)).body.levelPrices, { wholesale: 200, distributor: 0 });
});

test("a customer's default level is a level id; a sale and its lines record a level as { id, name, fallback?, auto? }", async () => {
  const a = await registerBusiness(env.server, { name: 'Level Sales Shop' });
  const main = `/db/oja-${a.id}`;
  const user = { username: a.username, fullname: 'x' };
  const customer = { stores: 'customer', name: 'Ada Traders', date: 1000, user };
  assert.equal(await put(a.owner, main, 'client-bad', { ...customer, defaultLevel: 'Whole Sale' }), { status: 403, reason: 'A price level id is 1 to 40 lower-case letters, digits or dashes' });
  assert.is((await put(a.owner, main, 'client-bad', { ...customer, defaultLevel: 7 })).status, 403);
  assert.is((await put(a.owner, main, 'client-good', { ...customer, defaultLevel: 'wholesale' })).status, 201);

  const lineOf = (level: unknown) => ({ id: 'item-1', name: 'Indomie', quantity: 12, price: 200, level });
  const sale = { stores: 'sale', invoice_number: 'A0001', customer: { with_account: false, name: 'Walk-in' }, amount_paid: 2400, total_due: 2400, total_quantity: 12, summary: 'Sale of Indomie', date: 1000, user };
  const lineMessage = 'A sale line records its price level as { id, name, fallback?, auto? }.';
  for (const bad of ['wholesale', { id: 'wholesale' }, { id: 'wholesale', name: 'Wholesale', fallback: false }, { id: 'wholesale', name: 'W'.repeat(41) }, { id: 'Whole Sale', name: 'Wholesale' }]) {
    assert.equal(await put(a.owner, main, 'sale-bad', { ...sale, items: [lineOf(bad)] }), { status: 403, reason: lineMessage }, JSON.stringify(bad));
  }
  assert.equal(await put(a.owner, main, 'sale-bad', { ...sale, level: 'wholesale', items: [lineOf(undefined)] }), { status: 403, reason: 'A sale records its price level as { id, name }.' });
  const level = { id: 'wholesale', name: 'Wholesale', auto: true };
  assert.is((await put(a.owner, main, 'sale-good', { ...sale, level: { id: 'wholesale', name: 'Wholesale' }, items: [lineOf(level)] })).status, 201);
  const movement = { stores: 'sale_item', ...lineOf(level), factor: -1, to: 'store', transaction: { ref: 'sale-good' }, date: 1000, user };
  assert.is((await put(a.owner, main, 'sale-good-0', movement)).status, 201);
  assert.equal(await put(a.owner, main, 'sale-good-1', { ...movement, level: 'wholesale' }), { status: 403, reason: lineMessage });
});

test.run();
