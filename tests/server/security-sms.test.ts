/**
 * The SMS outbox takes only what the app queues (issue 26, finding 2), over real HTTP: no sender (the server
 * sends under the business's own ID), one phone number in E.164 form, a text of bounded length, none of the
 * dispatcher's fields. Each refusal is a 403 that says why. What the worker queues passes.
 */
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

const good = { stores: 'sms', sender: '', recipient: '+2348039991234', message: 'Thank you for buying Rice', units: 1, status: 'queued', kind: 'sale', date: 1 };

test('a member cannot queue what the app does not: retry_at, a sender, three numbers, an object, no number', async () => {
  const a = await registerBusiness(env.server, { name: 'Outbox Guard' });
  const cashier = await addStaff(a.owner, a.id, 'Tolu Cashier', 3);
  const main = `/db/oja-${a.id}`;
  const stamp = { username: cashier.username, fullname: 'Tolu Cashier' };
  let n = 0;
  const put = (doc: object) => cashier.client.call('PUT', `${main}/fAsec${++n}`, { ...good, user: stamp, ...doc });
  const refused = async (doc: object, reason: RegExp) => {
    const res = await put(doc);
    assert.is(res.status, 403, `${JSON.stringify(doc)} answered ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason);
  };
  await refused({ retry_at: Date.now() + 30 * 86_400_000 }, /Only the server sets retry_at/);
  for (const field of ['claim', 'provider_id', 'reason', 'attempts', 'sent_at']) await refused({ [field]: field === 'claim' ? { by: 'x', run: 'y', at: 1 } : 1 }, /Only the server sets/);
  await refused({ sender: 'ANOTHER-SHOP-NAME-24CHAR' }, /without a sender/);
  await refused({ recipient: '+2348039991234,+2348039991235,+2348039991236' }, /one phone number/);
  await refused({ recipient: '08039991234' }, /international form/);
  await refused({ recipient: 'call me maybe' }, /one phone number/);
  await refused({ message: { text: 'hi' } }, /message is a text/);
  await refused({ message: 'x'.repeat(1601), units: 11 }, /1 to 1600 characters/);
  await refused({ units: 2 }, /units = ceil/);
  // The app's own message, and one without the sender field at all, are stored.
  const ok = await put({});
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  const { sender: _s, ...noSender } = good;
  assert.is((await cashier.client.call('PUT', `${main}/fAsecnosender`, { ...noSender, user: stamp })).status, 201);
  // In a batch too, each refused document says why.
  const bulk = await cashier.client.call('POST', `${main}/_bulk_docs`, { docs: [{ ...good, _id: 'fAsecbulk', user: stamp, sender: 'Other' }] });
  assert.is(bulk.body[0].error, 'forbidden');
});

test.run();
