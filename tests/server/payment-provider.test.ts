/**
 * GET /api/payment-provider names the provider to the signed-in app; the fake provider's tagged references
 * ('ok:{amount}:{tag}') let one business buy the same quantity twice, each reference credited once; only the
 * owner may verify a purchase.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('the provider is named to signed-in callers only', async () => {
  const a = await registerBusiness(env.server, { name: 'Provider Shop' });
  assert.equal((await a.owner.call('GET', '/api/payment-provider')).body, { name: 'fake' });
  assert.is((await new Client(env.server.url).call('GET', '/api/payment-provider')).status, 401);
});

test('two purchases of 200 units with their own references are both credited, each once; a sales agent cannot verify', async () => {
  const a = await registerBusiness(env.server, { name: 'Twice Shop' });
  const buy = (reference: string) => a.owner.call('POST', '/api/verify-payment/', { reference, type: 'sms', quantity: '200', business: a.id }, true);
  assert.is((await buy('ok:460:first')).body.balance, 210);
  assert.is((await buy('ok:460:second')).body.balance, 410);
  assert.is((await buy('ok:460:second')).status, 409);
  assert.is((await buy('ok:460:bad tag!')).status, 402);
  const staff = { full_name: 'Sade Agent', email: 'sade@example.com', phone_number: '08011112222', password: 'sadepass', role: JSON.stringify({ level: 3 }) };
  const created = await a.owner.call('POST', `/api/users/${a.id}`, staff, true);
  const agent = new Client(env.server.url);
  assert.is((await agent.login(created.body.username, 'sadepass')).status, 200);
  const refused = await agent.call('POST', '/api/verify-payment/', { reference: 'ok:460:agent', type: 'sms', quantity: '200', business: a.id }, true);
  assert.is(refused.status, 403);
  assert.is((await a.owner.call('GET', `/api/sms/${a.id}`)).body.balance, 410);
});

test.run();
