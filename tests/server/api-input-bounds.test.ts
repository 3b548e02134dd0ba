/**
 * Issue 26, finding 8 (input): the role endpoint takes a staff level only as the app sends it (the number 1-4
 * or that one digit), and an SMS purchase has an upper bound on its quantity, both refused with a message and
 * nothing changed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { SMS_MAX_PURCHASE } from '../../commands/lib/sms-pricing';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test("the role endpoint refuses '0x1', '1e0', ' 1', '01', 1.5 and 0; takes 2 and '3'", async () => {
  const a = await registerBusiness(env.server, { name: 'Level Shop' });
  const { username } = await addStaff(a.owner, a.id, 'Kemi Staff', 4);
  const path = `/api/users/${a.id}/${username}/role`;
  for (const level of ['0x1', '1e0', ' 1', '01', '1.0', 1.5, 0, '0', 5, '']) {
    const res = await a.owner.call('POST', path, { level });
    assert.is(res.status, 400, `level ${JSON.stringify(level)}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.is(res.body.message, ACCOUNT_MESSAGES.badRole);
  }
  assert.is((await a.owner.call('GET', `/api/users/${a.id}/${username}`)).body.role.level, 4, 'unchanged');
  assert.is((await a.owner.call('POST', path, { level: 2 })).body.role.level, 2);
  assert.is((await a.owner.call('POST', path, { level: '3' }, true)).body.role.level, 3);
  // Creating a staff member: the same rule.
  const odd = await a.owner.call('POST', `/api/users/${a.id}`, { full_name: 'Odd Level', email: 'odd@example.com', phone_number: '08099999999', password: 'staffpass', role: JSON.stringify({ level: '0x1' }) }, true);
  assert.is(odd.status, 400);
});

test('an SMS purchase above the largest quantity is refused, nothing credited; the largest is taken', async () => {
  const a = await registerBusiness(env.server, { name: 'Bulk Sms Shop' });
  for (const quantity of ['100000000000000000000', String(SMS_MAX_PURCHASE + 1), '1e6', '0x100', '300.5']) {
    const res = await a.owner.call('POST', '/api/verify-payment/', { reference: `ok:99999999999:${quantity}`, type: 'sms', quantity, business: a.id }, true);
    assert.is(res.status, 400, `${quantity}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  assert.is((await a.owner.call('GET', `/api/sms/${a.id}`)).body.balance, 10);
  const most = await a.owner.call('POST', '/api/verify-payment/', { reference: 'ok:2300000', type: 'sms', quantity: String(SMS_MAX_PURCHASE), business: a.id }, true);
  assert.is(most.status, 200, JSON.stringify(most.body));
});

test.run();
