import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test("a sales agent's write of a config document is refused by the database; the owner's is accepted", async () => {
  const a = await registerBusiness(env.server, { name: 'Role Shop' });
  const agent = (await addStaff(a.owner, a.id, 'Sola Agent', 3)).client;
  const shared = `/db/oja-${a.id}-shared`;
  const current = (await agent.call('GET', `${shared}/config-currency`)).body;
  assert.is(current.value, '₦');
  const refused = await agent.call('PUT', `${shared}/config-currency`, { ...current, value: '$' });
  assert.is(refused.status, 403);
  assert.match(refused.body.reason, /config/);
  const bulk = await agent.call('POST', `${shared}/_bulk_docs`, { docs: [{ ...current, value: '$' }] });
  assert.is(bulk.body[0].error, 'forbidden');
  assert.is((await a.owner.call('PUT', `${shared}/config-currency`, { ...current, value: '$' })).status, 201);
});

test('each level writes only the kinds its menu entries allow', async () => {
  const a = await registerBusiness(env.server, { name: 'Level Shop' });
  const keeper = (await addStaff(a.owner, a.id, 'Kemi Keeper', 4)).client;
  const agent = (await addStaff(a.owner, a.id, 'Tunde Agent', 3)).client;
  const main = `/db/oja-${a.id}`;
  assert.is((await agent.call('PUT', `${main}/2sale1`, { stores: 'sale', total_due: 5 })).status, 201);
  assert.is((await keeper.call('PUT', `${main}/2sale2`, { stores: 'sale', total_due: 5 })).status, 403);
  assert.is((await keeper.call('PUT', `${main}/7item1`, { stores: 'item', name: 'Rice' })).status, 201);
  assert.is((await agent.call('PUT', `${main}/7item2`, { stores: 'item', name: 'Beans' })).status, 403);
  assert.is((await agent.call('PUT', `${main}/cbank1`, { stores: 'bank', name: 'GTB' })).status, 403);
  assert.is((await agent.call('PUT', `${main}/5pay1`, { stores: 'payment', factor: -1, amount: 5, medium: 'cash' })).status, 201);
  // Changing a document's kind does not get round the table.
  const item = (await keeper.call('GET', `${main}/7item1`)).body;
  assert.is((await agent.call('PUT', `${main}/7item1`, { ...item, stores: 'sale' })).status, 403);
  // The plan and SMS units: never raised by a user, even the owner.
  const plan = (await a.owner.call('GET', `/db/oja-${a.id}-shared/current-plan`)).body;
  assert.is(plan.name, 'Trial');
  assert.is(plan.for, 1);
  assert.is((await a.owner.call('PUT', `/db/oja-${a.id}-shared/current-plan`, { ...plan, name: 'Gold', for: 9999 })).status, 403);
  // Design documents come only from the server.
  assert.is((await a.owner.call('PUT', `${main}/_design/x`, { validate_doc_update: 'function(){}' })).status, 403);
});

test('the invoice policies of the owner and of each staff user exist; staff change only their own', async () => {
  const a = await registerBusiness(env.server, { name: 'Policy Shop' });
  const agent = (await addStaff(a.owner, a.id, 'Bola Agent', 3)).client;
  const shared = `/db/oja-${a.id}-shared`;
  const own = (await agent.call('GET', `${shared}/invoice-policy-policyshop.bola`)).body;
  assert.is(own.prefix, 'B');
  assert.is((await agent.call('PUT', `${shared}/invoice-policy-policyshop.bola`, { ...own, counter: 1 })).status, 201);
  assert.is((await agent.call('PUT', `${shared}/invoice-policy-policyshop.bola-k7Q`, { stores: 'invoice-policy', prefix: 'Bk7Q-', counter: 1 })).status, 201);
  assert.is((await agent.call('PUT', `${shared}/invoice-policy-policyshop-k7Q`, { stores: 'invoice-policy', prefix: 'Ak7Q-', counter: 1 })).status, 403);
  const owners = (await agent.call('GET', `${shared}/invoice-policy-policyshop`)).body;
  assert.is(owners.prefix, 'A');
  assert.is((await agent.call('PUT', `${shared}/invoice-policy-policyshop`, { ...owners, counter: 7 })).status, 403);
});

test.run();
