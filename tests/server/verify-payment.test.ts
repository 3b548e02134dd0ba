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

test('a verified SMS purchase adds units and bonus once; GET /api/sms reports the balance', async () => {
  const a = await registerBusiness(env.server, { name: 'Sms Shop' });
  assert.is((await a.owner.call('GET', `/api/sms/oja-${a.id}-shared`)).body.balance, 10);
  // 300 units at 2.3 = 690, bonus 1.2 % = 3 units.
  const form = { reference: 'ok:690', type: 'sms', quantity: '300', business: a.id };
  const res = await a.owner.call('POST', '/api/verify-payment/', form, true);
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.is(res.body.units, 303);
  assert.is(res.body.balance, 313);
  assert.is((await a.owner.call('GET', `/api/sms/${a.id}`)).body.balance, 313);
  const purchase = (await a.owner.call('GET', `/db/oja-${a.id}-shared/sms-purchase-ok%3A690`)).body;
  assert.is(purchase.unit_cost, 2.3);
  assert.is(purchase.bonus, 3);
  // The units are an append-only credit, not a counter.
  const credit = (await a.owner.call('GET', `/db/oja-${a.id}-shared/sms-credit-purchase-ok%3A690`)).body;
  assert.equal([credit.stores, credit.units, credit.reason, credit.reference], ['sms-credit', 303, 'purchase', 'ok:690']);
  assert.is((await a.owner.call('POST', '/api/verify-payment/', form, true)).status, 409);
});

test('failed, underpaid or too small purchases are refused with a message and nothing recorded', async () => {
  const a = await registerBusiness(env.server, { name: 'Fail Shop' });
  const failed = await a.owner.call('POST', '/api/verify-payment/', { reference: 'declined', type: 'sms', quantity: '200', business: a.id }, true);
  assert.is(failed.status, 402);
  assert.is(failed.body.message, 'The payment failed and was not recorded. Please contact admin.');
  assert.is((await a.owner.call('POST', '/api/verify-payment/', { reference: 'ok:100', type: 'sms', quantity: '200', business: a.id }, true)).status, 402);
  const small = await a.owner.call('POST', '/api/verify-payment/', { reference: 'ok:999', type: 'sms', quantity: '100', business: a.id }, true);
  assert.is(small.status, 400);
  assert.is((await a.owner.call('GET', `/api/sms/${a.id}`)).body.balance, 10);
});

test.run();
