/**
 * Issue 39 item 11: a business's, branch's, owner's and staff member's name is a name like any other (120
 * characters, commands/lib/text-limits.ts): the API refuses a longer one with the message the screens show,
 * and nothing is created.
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

const FIELDS = { owner: 'Ada Obi', phone: '+2348031234567', email: 'long@example.com', password: 'secret12' };

test('a 5,000-character business name is refused with the message; 120 characters are taken', async () => {
  const anon = new Client(env.server.url);
  const long = await anon.call('POST', '/api/create-business/', { ...FIELDS, name: 'A'.repeat(5000) }, true);
  assert.is(long.status, 400);
  assert.is(long.body.message, 'Business name must be at most 120 characters (this one has 5,000)');
  const owner = await anon.call('POST', '/api/create-business/', { ...FIELDS, name: 'Ada Stores', owner: 'O'.repeat(121) }, true);
  assert.is(owner.status, 400);
  assert.is(owner.body.message, 'Owner name must be at most 120 characters (this one has 121)');
  const fits = await anon.call('POST', '/api/create-business/', { ...FIELDS, email: 'fits@example.com', name: 'B'.repeat(120) }, true);
  assert.is(fits.status, 201, JSON.stringify(fits.body));
});

test("a branch's and a staff member's name: the same bound", async () => {
  const a = await registerBusiness(env.server, { name: 'Bound Shop', email: 'bound@example.com' });
  const branch = await a.owner.call('POST', '/api/create-business/', { ...FIELDS, email: 'branch@example.com', name: 'x', 'branch[of]': a.id, 'branch[name]': 'C'.repeat(121) }, true);
  assert.is(branch.status, 400, JSON.stringify(branch.body));
  assert.is(branch.body.message, 'Branch name must be at most 120 characters (this one has 121)');
  const staff = await a.owner.call('POST', `/api/users/${a.id}`, { full_name: 'D'.repeat(121), email: 'kemi@example.com', phone_number: '08099999999', password: 'staffpass', role: JSON.stringify({ level: 3 }) }, true);
  assert.is(staff.status, 400);
  assert.is(staff.body.message, 'Full name must be at most 120 characters (this one has 121)');
});

test.run();
