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

const BRANCH = { owner: 'Chidi Manager', email: 'chidi@example.com', phone: '08033334444', password: 'branchpass' };

test("the owner creates a branch, lists it, and reaches its databases; the branch's own login works", async () => {
  const a = await registerBusiness(env.server, { name: 'Head Office' });
  assert.equal((await a.owner.call('GET', `/api/branch/${a.id}`)).body.docs, []);
  const res = await a.owner.call('POST', '/api/create-business/', { ...BRANCH, name: 'Ikeja', 'branch[of]': a.id, 'branch[name]': 'Ikeja' }, true);
  assert.is(res.status, 201, JSON.stringify(res.body));
  assert.is(res.body.username, 'headofficeikeja');
  const docs = (await a.owner.call('GET', `/api/branch/${a.id}`)).body.docs;
  assert.is(docs.length, 1);
  assert.is(docs[0].name, 'Ikeja');
  assert.is(docs[0]._id, res.body.id);
  assert.ok(docs[0].joined > 0);
  const business = (await a.owner.call('GET', `/api/business/${res.body.id}`)).body;
  assert.equal(business.branch, { of: a.id, name: 'Ikeja' });
  // The parent's owner enters the branch's databases and writes as level 0 there.
  assert.is((await a.owner.call('PUT', `/db/oja-${res.body.id}-shared/config-lpo`, { ...(await a.owner.call('GET', `/db/oja-${res.body.id}-shared/config-lpo`)).body, value: true })).status, 201);
  const manager = new Client(env.server.url);
  assert.is((await manager.login('headofficeikeja', 'branchpass')).status, 200);
  assert.is((await manager.call('GET', `/db/oja-${res.body.id}`)).status, 200);
  assert.ok([401, 403].includes((await manager.call('GET', `/db/oja-${a.id}`)).status));
});

test('branch validation messages; only the owner of the parent business may create one', async () => {
  const a = await registerBusiness(env.server, { name: 'Main Office' });
  const b = await registerBusiness(env.server, { name: 'Other Office' });
  const cases: [Record<string, string>, string][] = [
    [{ ...BRANCH, owner: '' }, 'All fields are required'],
    [{ ...BRANCH, email: 'x@y' }, 'Please enter a valid email address'],
    [{ ...BRANCH, phone: '123' }, 'Please enter a valid phone number'],
    [{ ...BRANCH, password: '12345' }, 'Password is too short'],
  ];
  for (const [fields, message] of cases) {
    const res = await a.owner.call('POST', '/api/create-business/', { ...fields, branch: JSON.stringify({ of: a.id, name: 'Yaba' }) }, true);
    assert.is(res.status, 400);
    assert.is(res.body.message, message);
  }
  const foreign = await b.owner.call('POST', '/api/create-business/', { ...BRANCH, branch: JSON.stringify({ of: a.id, name: 'Yaba' }) }, true);
  assert.is(foreign.status, 403);
  assert.is(foreign.body.message, 'unauthorized');
  assert.is((await b.owner.call('GET', `/api/branch/${a.id}`)).status, 403);
  const anonymous = new Client(env.server.url);
  assert.is((await anonymous.call('POST', '/api/create-business/', { ...BRANCH, branch: JSON.stringify({ of: a.id, name: 'Yaba' }) }, true)).status, 401);
});

test.run();
