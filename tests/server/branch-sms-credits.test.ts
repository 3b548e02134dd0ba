/**
 * Issue 37, finding 8: a branch mints no SMS units; its messages draw on its parent's pool (the units the owner
 * bought or was given), over real HTTP with the fake provider. The parent's balance drops by the branch's units,
 * a second branch shares the same pool, two branches sending at once never overdraw it, and once it is gone a
 * branch's message is refused as the outbox refuses any ('failed', 'insufficient units'). On main a branch had
 * 0 units of its own, so its first message was refused. Units bought from a branch are credited to the pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { SMS_INSUFFICIENT_UNITS } from '../../commands/lib/sms-balance';
import { businessDbName } from '../../commands/session';
import { freshServer, registerBusiness, type Client } from './helpers';

const BRANCH = { owner: 'Chidi Manager', email: 'chidi@example.com', phone: '08033334444', password: 'branchpass' };

let n = 0;
async function queue(owner: Client, business: string, message: string): Promise<string> {
  const id = `fAbranch${++n}`;
  const res = await owner.call('PUT', `/db/${businessDbName(business)}/${id}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message, units: 1, status: 'queued', date: Date.now() });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return id;
}

async function settled(owner: Client, business: string, id: string, ms = 30000): Promise<SmsDoc> {
  const limit = Date.now() + ms;
  for (;;) {
    const res = await owner.call('GET', `/db/${businessDbName(business)}/${id}`);
    if (res.status === 200 && (res.body.status === 'sent' || res.body.status === 'failed')) return res.body;
    if (Date.now() > limit) throw new Error(`${id} stayed ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a branch's messages draw on its parent's units; branches share the pool and never overdraw it", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oja-branch-sms-'));
  const env = await freshServer({ SMS_PROVIDER: 'fake', SMS_FAKE_LOG: join(dir, 'sent.jsonl') });
  try {
    const a = await registerBusiness(env.server, { name: 'Pool Shop' });
    const branch = async (name: string) => {
      const res = await a.owner.call('POST', '/api/create-business/', { ...BRANCH, name, branch: JSON.stringify({ of: a.id, name }) }, true);
      assert.is(res.status, 201, JSON.stringify(res.body));
      return res.body.id as string;
    };
    const first = await branch('Ikeja');
    const second = await branch('Yaba');
    const balance = async (business: string) => (await a.owner.call('GET', `/api/sms/${business}`)).body;
    assert.is((await balance(a.id)).balance, 10, 'the owner was given 10 units');

    // The first branch sends 3: they are sent, and the parent's balance drops by 3.
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await queue(a.owner, first, `From Ikeja ${i}`));
    for (const id of sent) assert.is((await settled(a.owner, first, id)).status, 'sent', id);
    assert.equal(await balance(a.id), { balance: 7, credits: 10, spent: 3 });
    // A branch's balance is its parent's pool (no units of its own).
    assert.equal(await balance(first), { balance: 7, credits: 10, spent: 3, pool: a.id });
    assert.equal(await balance(second), { balance: 7, credits: 10, spent: 3, pool: a.id });

    // Both branches send 5 at once against the 7 left: exactly 7 go, the other 3 are refused.
    const ids = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => queue(a.owner, first, `Ikeja rush ${i}`).then((id) => [first, id] as const)),
      ...Array.from({ length: 5 }, (_, i) => queue(a.owner, second, `Yaba rush ${i}`).then((id) => [second, id] as const)),
    ]);
    const outcomes = await Promise.all(ids.map(([b, id]) => settled(a.owner, b, id)));
    assert.is(outcomes.filter((d) => d.status === 'sent').length, 7, JSON.stringify(outcomes));
    for (const d of outcomes.filter((d) => d.status !== 'sent')) assert.is(d.reason, SMS_INSUFFICIENT_UNITS);
    assert.ok(outcomes.some((d, i) => d.status === 'sent' && ids[i][0] === second), 'the second branch drew on the same pool');
    assert.equal(await balance(a.id), { balance: 0, credits: 10, spent: 10 });

    // The pool is empty: a branch's next message, and the parent's own, are refused.
    const late = await settled(a.owner, second, await queue(a.owner, second, 'Too late'));
    assert.equal([late.status, late.reason], ['failed', SMS_INSUFFICIENT_UNITS]);
    const own = await settled(a.owner, a.id, await queue(a.owner, a.id, 'Parent too late'));
    assert.equal([own.status, own.reason], ['failed', SMS_INSUFFICIENT_UNITS]);
    assert.equal(await balance(first), { balance: 0, credits: 10, spent: 10, pool: a.id });

    // Units bought from a branch go to the pool: 300 units and their 3 bonus, and the branch sends again.
    const bought = await a.owner.call('POST', '/api/verify-payment/', { reference: 'ok:690', type: 'sms', quantity: '300', business: first }, true);
    assert.equal([bought.status, bought.body.units, bought.body.balance], [200, 303, 303], JSON.stringify(bought.body));
    assert.equal(await balance(a.id), { balance: 303, credits: 313, spent: 10 });
    assert.is((await settled(a.owner, second, await queue(a.owner, second, 'Topped up'))).status, 'sent');
    assert.equal(await balance(a.id), { balance: 302, credits: 313, spent: 11 });
  } finally {
    await env.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
