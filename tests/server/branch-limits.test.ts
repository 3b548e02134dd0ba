/**
 * Issue 37, finding 8: branches cost what businesses cost (three databases, a login), so they count against the
 * address's registrations, an owner has at most MAX_BRANCHES, a branch has no branches of its own, and a
 * branch is given no free SMS units (on a1cae3b: 25 branches in 20 s, a branch of a branch, 10 units each).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BRANCH_OF_BRANCH, MAX_BRANCHES, TOO_MANY_BRANCHES } from '../../server/api/businesses';
import { freshServer, registerBusiness, type Client } from './helpers';

const BRANCH = { owner: 'Chidi Manager', email: 'chidi@example.com', phone: '08033334444', password: 'branchpass' };
const branchOf = (owner: Client, of: string, name: string) => owner.call('POST', '/api/create-business/', { ...BRANCH, name, branch: JSON.stringify({ of, name }) }, true);

test(`at most ${MAX_BRANCHES} branches, none of a branch, and no free SMS units for a branch`, async () => {
  const env = await freshServer();
  try {
    const a = await registerBusiness(env.server, { name: 'Chain Shop' });
    const made: string[] = [];
    for (let i = 0; i < MAX_BRANCHES; i++) {
      const res = await branchOf(a.owner, a.id, `Branch ${i}`);
      assert.is(res.status, 201, JSON.stringify(res.body));
      made.push(res.body.id);
    }
    const over = await branchOf(a.owner, a.id, 'One Too Many');
    assert.is(over.status, 409);
    assert.is(over.body.message ?? over.body.reason, TOO_MANY_BRANCHES);
    // The parent's owner is an owner of the branch too: a branch of it is refused.
    const nested = await branchOf(a.owner, made[0], 'Nested');
    assert.is(nested.status, 409, JSON.stringify(nested.body));
    assert.is(nested.body.message ?? nested.body.reason, BRANCH_OF_BRANCH);
    const parentSms = await a.owner.call('GET', `/api/sms/${a.id}`);
    const branchSms = await a.owner.call('GET', `/api/sms/${made[0]}`);
    assert.is(parentSms.body.credits, 10, JSON.stringify(parentSms.body));
    assert.is(branchSms.status, 200, JSON.stringify(branchSms.body));
    // A branch's balance is its parent's pool (branch-sms-credits.test.ts): 10 branches later it still holds 10.
    assert.equal(branchSms.body, { ...parentSms.body, pool: a.id }, 'a branch mints no units');
  } finally {
    await env.stop();
  }
});

test('branches count against the registrations of the address', async () => {
  const env = await freshServer({ REGISTRATIONS_PER_HOUR: '2' });
  try {
    const a = await registerBusiness(env.server, { name: 'Counted Shop' });
    assert.is((await branchOf(a.owner, a.id, 'First')).status, 201);
    const third = await branchOf(a.owner, a.id, 'Second');
    assert.is(third.status, 429, JSON.stringify(third.body));
  } finally {
    await env.stop();
  }
});

test.run();
