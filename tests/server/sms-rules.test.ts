/**
 * The server's SMS rules over real HTTP: credits (the units a business may spend) are written only by the
 * server; a message is queued once with the units its text needs and never changed by a client afterwards.
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

test("a client's write of a credit is refused with 403, even the owner's; the old counter too", async () => {
  const a = await registerBusiness(env.server, { name: 'Credit Shop' });
  const shared = `/db/oja-${a.id}-shared`;
  const forged = { stores: 'sms-credit', units: 5000, reason: 'purchase', date: 1 };
  const put = await a.owner.call('PUT', `${shared}/sms-credit-forged`, forged);
  assert.is(put.status, 403);
  const bulk = await a.owner.call('POST', `${shared}/_bulk_docs`, { docs: [{ _id: 'sms-credit-bulk', ...forged }] });
  assert.is(bulk.body[0].error, 'forbidden');
  const initial = (await a.owner.call('GET', `${shared}/sms-credit-initial`)).body;
  assert.is((await a.owner.call('PUT', `${shared}/sms-credit-initial`, { ...initial, units: 9999 })).status, 403);
  assert.is((await a.owner.call('DELETE', `${shared}/sms-credit-initial?rev=${initial._rev}`)).status, 403);
  // Disguised as another kind, a credit id is still refused once it says what it is.
  assert.is((await a.owner.call('PUT', `${shared}/sms-units`, { stores: 'sms-units', balance: 9999 })).status, 403);
  assert.is((await a.owner.call('GET', `/api/sms/oja-${a.id}-shared`)).body.balance, 10);
});

test('a message is queued with units = ceil(length / 160); its units and status cannot change after', async () => {
  const a = await registerBusiness(env.server, { name: 'Outbox Shop' });
  const main = `/db/oja-${a.id}`;
  const message = { stores: 'sms', sender: '', recipient: '+2348030001234', message: 'x'.repeat(161), status: 'queued' };
  assert.is((await a.owner.call('PUT', `${main}/fAcheap`, { ...message, units: 1 })).status, 403);
  assert.is((await a.owner.call('PUT', `${main}/fAsent`, { ...message, units: 2, status: 'sent' })).status, 403);
  const queued = await a.owner.call('PUT', `${main}/fAgood`, { ...message, units: 2 });
  assert.is(queued.status, 201, JSON.stringify(queued.body));
  const doc = (await a.owner.call('GET', `${main}/fAgood`)).body;
  assert.is((await a.owner.call('PUT', `${main}/fAgood`, { ...doc, units: 1 })).status, 403);
  assert.is((await a.owner.call('PUT', `${main}/fAgood`, { ...doc, message: 'short', units: 1 })).status, 403);
  assert.is((await a.owner.call('PUT', `${main}/fAgood`, { ...doc, status: 'queued', attempts: 0 })).status, 403);
  assert.is((await a.owner.call('DELETE', `${main}/fAgood?rev=${doc._rev}`)).status, 403);
  const bulk = await a.owner.call('POST', `${main}/_bulk_docs`, { docs: [{ ...doc, units: 1 }] });
  assert.is(bulk.body[0].error, 'forbidden');
});

test.run();
