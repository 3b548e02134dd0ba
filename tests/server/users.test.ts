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

const STAFF = { full_name: 'Bola Ade', email: 'bola@example.com', phone_number: '08011112222', password: 'bolapass', role: JSON.stringify({ level: 3 }) };

test('the owner adds staff with levels 1-4; usernames come from the owner username and first name', async () => {
  const a = await registerBusiness(env.server, { name: 'Staff Shop' });
  assert.equal((await a.owner.call('GET', `/api/users/${a.id}`)).body.docs, []);
  const res = await a.owner.call('POST', `/api/users/${a.id}`, STAFF, true);
  assert.is(res.status, 201);
  assert.is(res.body.username, 'staffshop.bola');
  assert.is(res.body.id, 'Bstaffshop.bola');
  assert.is(res.body.message, 'User has been successfully created');
  const docs = (await a.owner.call('GET', `/api/users/${a.id}`)).body.docs;
  assert.is(docs.length, 1);
  assert.is(docs[0].role.level, 3);
  assert.is(docs[0].role.label, 'Sales agent');
  assert.not.ok('password' in docs[0]);
  const bola = new Client(env.server.url);
  assert.is((await bola.login('staffshop.bola', 'bolapass')).status, 200);
  const me = (await bola.call('GET', '/api/me')).body;
  assert.is(me.level, 3);
  assert.is(me.business, a.id);
  assert.is(me.policyPrefix, 'B');
  // Staff below manager may not list or add users.
  assert.is((await bola.call('GET', `/api/users/${a.id}`)).status, 403);
  assert.is((await bola.call('POST', `/api/users/${a.id}`, { ...STAFF, full_name: 'Eve Sneak' }, true)).status, 403);
});

test("staff validation messages and the default limit of 3 users", async () => {
  const a = await registerBusiness(env.server, { name: 'Limit Shop' });
  const cases: [Record<string, string>, string][] = [
    [{ ...STAFF, full_name: '' }, 'All fields are required'],
    [{ ...STAFF, password: '' }, 'All fields are required'],
    [{ ...STAFF, email: 'bola' }, 'Please enter a valid email address'],
    [{ ...STAFF, phone_number: '0801' }, 'Please enter a valid phone number'],
    [{ ...STAFF, password: 'abc12' }, 'Password requires minimum of 6 characters'],
    [{ ...STAFF, role: JSON.stringify({ level: 0 }) }, 'Choose the user type'],
    [{ ...STAFF, role: '{bad json' }, 'role is not valid JSON'],
  ];
  for (const [fields, message] of cases) {
    const res = await a.owner.call('POST', `/api/users/${a.id}`, fields, true);
    assert.is(res.status, 400, message);
    assert.is(res.body.message, message);
  }
  for (const name of ['Ayo One', 'Ayo Two', 'Bisi Three']) assert.is((await a.owner.call('POST', `/api/users/${a.id}`, { ...STAFF, full_name: name }, true)).status, 201);
  const docs = (await a.owner.call('GET', `/api/users/${a.id}`)).body.docs;
  assert.equal(docs.map((d: any) => d.username).sort(), ['limitshop.ayo', 'limitshop.ayo2', 'limitshop.bisi']);
  const fourth = await a.owner.call('POST', `/api/users/${a.id}`, { ...STAFF, full_name: 'Dayo Four' }, true);
  assert.is(fourth.status, 403);
  assert.match(fourth.body.message, /3 users/);
});

test('a user changes their own password after the current one is checked', async () => {
  const a = await registerBusiness(env.server, { name: 'Pass Shop' });
  const wrong = await a.owner.call('POST', '/api/change-password', { current: 'nope-nope', password: 'newsecret', confirm: 'newsecret' }, true);
  assert.is(wrong.status, 400);
  assert.is(wrong.body.message, 'The current password is incorrect');
  const mismatch = await a.owner.call('POST', '/api/change-password', { current: 'secret12', password: 'newsecret', confirm: 'newsecreX' }, true);
  assert.is(mismatch.body.message, 'The passwords you entered do not match');
  const short = await a.owner.call('POST', '/api/change-password', { current: 'secret12', password: 'abc', confirm: 'abc' }, true);
  assert.is(short.body.message, 'Entered password is too short. It must be 6 letters or more');
  assert.is((await a.owner.call('POST', '/api/change-password', { current: 'secret12', password: 'newsecret', confirm: 'newsecret' }, true)).status, 200);
  const again = new Client(env.server.url);
  assert.is((await again.login(a.username, 'secret12')).status, 401);
  assert.is((await again.login(a.username, 'newsecret')).status, 200);
});

test.run();
