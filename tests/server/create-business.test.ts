import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DEFAULTS } from '../../commands/config';
import { Client, freshServer, registerBusiness } from './helpers';
import { REGISTRATION } from '../support/fixtures';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('registration creates a v2_ login, the three databases and the first shared documents', async () => {
  const client = new Client(env.server.url);
  const res = await client.call('POST', '/api/create-business/', { ...REGISTRATION, name: 'Mama Put Ventures', referrer: 'aff1' }, true);
  assert.is(res.status, 201);
  assert.is(res.body.username, 'mamaputventures');
  assert.is(res.body.profile.level, 0);
  const login = await client.login('mamaputventures', REGISTRATION.password);
  assert.is(login.status, 200);
  assert.is(login.body.name, 'v2_mamaputventures');
  const id = res.body.id;
  for (const suffix of ['', '-shared', '-denormalized']) assert.is((await client.call('GET', `/db/oja-${id}${suffix}`)).status, 200);
  const shared = `/db/oja-${id}-shared`;
  const policy = (await client.call('GET', `${shared}/invoice-policy-mamaputventures`)).body;
  assert.is(policy.prefix, 'A');
  assert.is(policy.counter, 0);
  const plan = (await client.call('GET', `${shared}/current-plan`)).body;
  assert.is(plan.name, 'Trial');
  assert.is(plan.for, 1);
  const credit = (await client.call('GET', `${shared}/sms-credit-initial`)).body;
  assert.equal([credit.stores, credit.units, credit.reason], ['sms-credit', 10, 'initial']);
  const configs = (await client.call('GET', `${shared}/_all_docs?startkey="config-"&endkey="config-\ufff0"&include_docs=true`)).body.rows;
  assert.is(configs.length, Object.keys(CONFIG_DEFAULTS).length);
  assert.is(configs.find((r: any) => r.id === 'config-sync').doc.value, true);
  const me = (await client.call('GET', '/api/me')).body;
  assert.is(me.businessName, 'Mama Put Ventures');
  assert.is(me.policyPrefix, 'A');
  assert.not.ok('derived_key' in me || 'salt' in me || 'roles' in me);
  const business = (await client.call('GET', `/api/business/${id}`)).body;
  assert.is(business.name, 'Mama Put Ventures');
  assert.is(business.branch, null);
});

test('a second registration with the same name gets the next free username', async () => {
  const first = await registerBusiness(env.server, { name: 'Twin Shop' });
  const second = await registerBusiness(env.server, { name: 'Twin Shop' });
  assert.is(first.username, 'twinshop');
  assert.is(second.username, 'twinshop2');
});

test("bad input gets the spec's messages and a 4xx, never a crash", async () => {
  const client = new Client(env.server.url);
  const cases: [Record<string, string>, string][] = [
    [{ ...REGISTRATION, name: '' }, 'All fields are required'],
    [{ ...REGISTRATION, owner: ' ' }, 'All fields are required'],
    [{ ...REGISTRATION, email: '' }, 'All fields are required'],
    [{ ...REGISTRATION, phone: '' }, 'All fields are required'],
    [{ ...REGISTRATION, email: 'ada@example' }, 'Please enter a valid email address'],
    [{ ...REGISTRATION, phone: '12345' }, 'Please enter a valid phone number'],
    [{ ...REGISTRATION, password: '12345' }, 'Password requires minimum of 6 characters'],
  ];
  for (const [fields, message] of cases) {
    const res = await client.call('POST', '/api/create-business/', fields, true);
    assert.is(res.status, 400);
    assert.is(res.body.message, message);
  }
  const garbage = await fetch(env.server.url + '/api/create-business/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
  assert.is(garbage.status, 400);
  assert.is((await client.call('GET', '/api/business/nope')).status, 401);
  assert.is((await client.call('GET', '/api/nothing-here')).status, 404);
  assert.is(env.server.process.exitCode, null);
});

test('GET /api/business/{id} refuses other businesses', async () => {
  const a = await registerBusiness(env.server, { name: 'Left Shop' });
  const b = await registerBusiness(env.server, { name: 'Right Shop' });
  const res = await a.owner.call('GET', `/api/business/${b.id}`);
  assert.is(res.status, 403);
  assert.is(res.body.message, 'unauthorized');
});

test.run();
