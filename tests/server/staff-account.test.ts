/**
 * A staff member's account over HTTP: the owner reads it, changes the role, resets the password, disables it
 * (sign-in refused, an existing session and sync refused) and enables it again (the old password works); a
 * manager may read but not change; the plan's user limit still counts every account.
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

const person = (full_name: string, level: number) => ({ full_name, email: `${full_name.split(' ')[0].toLowerCase()}@example.com`, phone_number: '08011112222', password: 'staffpass', role: JSON.stringify({ level }) });

test('the owner changes the role and resets the password; a manager reads but cannot change', async () => {
  const a = await registerBusiness(env.server, { name: 'Account Shop' });
  const bola = (await a.owner.call('POST', `/api/users/${a.id}`, person('Bola Ade', 3), true)).body.username;
  const mary = (await a.owner.call('POST', `/api/users/${a.id}`, person('Mary Manager', 1), true)).body.username;
  const base = `/api/users/${a.id}/${bola}`;
  const read = (await a.owner.call('GET', base)).body;
  assert.equal([read.full_name, read.username, read.email, read.phone_number, read.role.level, read.role.label, read.disabled], ['Bola Ade', bola, 'bola@example.com', '08011112222', 3, 'Sales agent', false]);
  assert.not.ok('password' in read || 'derived_key' in read);

  const manager = new Client(env.server.url);
  assert.is((await manager.login(mary, 'staffpass')).status, 200);
  assert.is((await manager.call('GET', base)).status, 200);
  assert.is((await manager.call('POST', `${base}/role`, { level: 1 }, true)).status, 403);
  assert.is((await manager.call('POST', `${base}/disable`, {}, true)).status, 403);

  assert.is((await a.owner.call('POST', `${base}/role`, { level: 0 }, true)).body.message, 'Choose the user type');
  const promoted = await a.owner.call('POST', `${base}/role`, { level: 2 }, true);
  assert.equal([promoted.body.role.level, promoted.body.role.label], [2, 'Accountant']);
  const staff = new Client(env.server.url);
  assert.is((await staff.login(bola, 'staffpass')).status, 200);
  assert.is((await staff.call('GET', '/api/me')).body.level, 2);

  assert.is((await a.owner.call('POST', `${base}/password`, { password: 'abc', confirm: 'abc' }, true)).body.message, 'Entered password is too short. It must be 6 letters or more');
  assert.is((await a.owner.call('POST', `${base}/password`, { password: 'fresh-pass', confirm: 'fresh-pass' }, true)).status, 200);
  assert.is((await new Client(env.server.url).login(bola, 'staffpass')).status, 401);
  assert.is((await new Client(env.server.url).login(bola, 'fresh-pass')).status, 200);
  assert.is((await a.owner.call('GET', `/api/users/${a.id}/nobody`)).status, 404);
});

test('a disabled account cannot sign in or sync, even with a session it already had; enabled again, its password works', async () => {
  const a = await registerBusiness(env.server, { name: 'Disable Shop' });
  const kemi = (await a.owner.call('POST', `/api/users/${a.id}`, person('Kemi Keeper', 4), true)).body.username;
  const staff = new Client(env.server.url);
  assert.is((await staff.login(kemi, 'staffpass')).status, 200);
  const main = `/db/oja-${a.id}`;
  assert.is((await staff.call('GET', `${main}/_changes?since=0&limit=1`)).status, 200);

  const off = await a.owner.call('POST', `/api/users/${a.id}/${kemi}/disable`, {}, true);
  assert.is(off.body.disabled, true);
  // The session it had no longer reads or writes (the Client would sign in again on 401: that fails too).
  const pulled = await staff.call('GET', `${main}/_changes?since=0&limit=1`);
  assert.ok(pulled.status === 401 || pulled.status === 403, `sync read answered ${pulled.status}`);
  const pushed = await staff.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: '7x', stores: 'item', name: 'Sneaky' }] });
  // CouchDB answers a bulk write 201 with an error per document when each is refused.
  const refusedEach = Array.isArray(pushed.body) && pushed.body.every((r: { error?: string }) => r.error === 'unauthorized' || r.error === 'forbidden');
  assert.ok(pushed.status === 401 || pushed.status === 403 || refusedEach, `sync write answered ${pushed.status} ${JSON.stringify(pushed.body)}`);
  assert.is((await a.owner.call('GET', `${main}/7x`)).status, 404);
  assert.is((await new Client(env.server.url).login(kemi, 'staffpass')).status, 401);
  assert.is((await new Client(env.server.url).call('POST', '/api/login-name', { name: 'kemi@example.com', password: 'staffpass' }, true)).status, 401);
  assert.is((await a.owner.call('POST', `/api/users/${a.id}/${kemi}/password`, { password: 'another1', confirm: 'another1' }, true)).status, 409);

  // Still counted by the plan's limit of 3: two more fill it, a fourth is refused.
  assert.is((await a.owner.call('POST', `/api/users/${a.id}`, person('Tobi Two', 3), true)).status, 201);
  assert.is((await a.owner.call('POST', `/api/users/${a.id}`, person('Uche Three', 3), true)).status, 201);
  assert.is((await a.owner.call('POST', `/api/users/${a.id}`, person('Vera Four', 3), true)).status, 403);

  const on = await a.owner.call('POST', `/api/users/${a.id}/${kemi}/enable`, {}, true);
  assert.is(on.body.disabled, false);
  const back = new Client(env.server.url);
  assert.is((await back.login(kemi, 'staffpass')).status, 200);
  assert.is((await back.call('GET', '/api/me')).body.level, 4);
  assert.is((await back.call('GET', `${main}/_changes?since=0&limit=1`)).status, 200);
  assert.is((await a.owner.call('POST', `/api/users/${a.id}/${kemi}/enable`, {}, true)).status, 409);
});

test.run();
