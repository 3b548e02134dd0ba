/** POST /api/login-name: an email and its password name the username to sign in with; nothing else does. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, freshServer, registerBusiness } from './helpers';
import { REGISTRATION } from '../support/fixtures';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('an email with the right password names its username; a wrong password or unknown email is 401', async () => {
  const a = await registerBusiness(env.server, { name: 'Mail Shop', email: 'Mail.Owner@example.com' });
  // The same person registers a second business with the same email and another password.
  const b = await registerBusiness(env.server, { name: 'Mail Shop Two', email: 'mail.owner@example.com', password: 'second12' });
  const anon = new Client(env.server.url);
  const first = await anon.call('POST', '/api/login-name', { name: 'mail.owner@EXAMPLE.com', password: REGISTRATION.password }, true);
  assert.is(first.status, 200);
  assert.is(first.body.username, a.username);
  const second = await anon.call('POST', '/api/login-name', { name: 'mail.owner@example.com', password: 'second12' }, true);
  assert.is(second.body.username, b.username);
  const wrong = await anon.call('POST', '/api/login-name', { name: 'mail.owner@example.com', password: 'nope-nope' }, true);
  assert.is(wrong.status, 401);
  assert.is(wrong.body.message, 'The username or password is incorrect');
  assert.not.ok(JSON.stringify(wrong.body).includes(a.username));
  const unknown = await anon.call('POST', '/api/login-name', { name: 'nobody@example.com', password: REGISTRATION.password }, true);
  assert.is(unknown.status, 401);
  assert.is((await anon.call('POST', '/api/login-name', { name: '', password: '' }, true)).status, 400);
  // The named username then signs in as usual.
  assert.is((await anon.login(first.body.username, REGISTRATION.password)).status, 200);
});

test('staff sign in with their email too', async () => {
  const a = await registerBusiness(env.server, { name: 'Staff Mail Shop', email: 'boss@example.com' });
  const staff = { full_name: 'Kemi Staff', email: 'kemi@example.com', phone_number: '08011112222', password: 'kemipass', role: JSON.stringify({ level: 3 }) };
  assert.is((await a.owner.call('POST', `/api/users/${a.id}`, staff, true)).status, 201);
  const res = await new Client(env.server.url).call('POST', '/api/login-name', { name: 'kemi@example.com', password: 'kemipass' }, true);
  assert.is(res.body.username, 'staffmailshop.kemi');
});

test.run();
