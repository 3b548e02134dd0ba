/**
 * Issue 37, finding 7: the per-account password lock counts HTTP Basic guesses against the Basic account,
 * whatever cookie comes with them. On a1cae3b a request with one's own cookie plus `Authorization: Basic
 * <victim>:<guess>` was answered as the cookie's user and counted as the victim's success: 12 wrong guesses,
 * never a 429 (and every success cleared the victim's count).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';
import { REGISTRATION } from '../support/fixtures';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_SECONDS: '60', LOGIN_ADDRESS_MAX_FAILURES: '0' });
});
test.after(async () => {
  await env?.stop();
});

const basic = (name: string, password: string) => 'Basic ' + Buffer.from(`v2_${name}:${password}`).toString('base64');

test("guesses at another account's password with one's own cookie count against that account", async () => {
  const shop = await registerBusiness(env.server, { name: 'Victim Shop' });
  const victim = await addStaff(shop.owner, shop.id, 'Tolu Cashier', 3);
  const attacker = await registerBusiness(env.server, { name: 'Attacker Shop', phone: '08044444444' });
  const statuses: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const res = await fetch(`${env.server.url}/db/oja-${attacker.id}`, { headers: { Cookie: `AuthSession=${attacker.owner.cookie}`, Authorization: basic(victim.username, `wrong-${i}`) } });
    statuses.push(res.status);
  }
  assert.equal(statuses.slice(0, 5), [401, 401, 401, 401, 401], `each wrong guess is refused: ${statuses.join(' ')}`);
  assert.ok(statuses.slice(5).every((s) => s === 429), `then the account is locked: ${statuses.join(' ')}`);
  // Locked for everyone: the right password too, until the lock ends.
  const right = await fetch(`${env.server.url}/db/oja-${shop.id}`, { headers: { Authorization: basic(victim.username, 'staffpass') } });
  assert.is(right.status, 429);
  // The attacker's own cookie alone still works: only the Basic account was locked.
  assert.is((await attacker.owner.call('GET', `/db/oja-${attacker.id}`)).status, 200);
});

test('the right Basic pair with a cookie of the same user passes', async () => {
  const shop = await registerBusiness(env.server, { name: 'Honest Shop', phone: '08055555555' });
  const res = await fetch(`${env.server.url}/db/oja-${shop.id}`, { headers: { Cookie: `AuthSession=${shop.owner.cookie}`, Authorization: basic(shop.username, REGISTRATION.password) } });
  assert.is(res.status, 200);
});

test.run();
