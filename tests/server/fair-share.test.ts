/**
 * Issue 37, "one shop cannot starve the others": one business floods the server with heavy requests (40 full
 * listings of its 500 items with 10 KB pictures, 5 MB an answer, at once); another business's ordinary requests meanwhile stay within 1 s of
 * their unloaded baseline (./budget.ts), because the flood waits in its own business's queue
 * (server/couch/fair-share.ts) while the other shop's requests take their own places. The flood is bounded:
 * 40 requests, each answered.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { costOf, withinBudget } from './budget';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test("one business's flood of heavy requests keeps another's requests within 1 s", async () => {
  const loud = await registerBusiness(env.server, { name: 'Loud Shop' });
  const quiet = await registerBusiness(env.server, { name: 'Quiet Shop', phone: '08033333333' });
  const db = `/db/oja-${loud.id}`;
  const user = { username: loud.username, fullname: 'Owner' };
  const picture = 'data:image/jpeg;base64,' + 'A'.repeat(10_000);
  for (let batch = 0; batch < 2; batch++) {
    const docs = Array.from({ length: 250 }, (_, i) => ({ _id: `7item-flood-${batch}-${i}`, stores: 'item', name: `Item ${batch}-${i}`, image: picture, price: 100, purchasePrice: 80, date: 1000, user }));
    const res = await loud.owner.call('POST', `${db}/_bulk_docs`, { docs });
    assert.is(res.status, 201);
    assert.ok(res.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(res.body[0]));
  }
  const cost = await costOf(env.server, quiet.owner, `/db/oja-${quiet.id}`, async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => loud.owner.call('GET', `${db}/_all_docs?include_docs=true`)));
    return answers.map((a) => a.status);
  });
  withinBudget('40 full listings at once from one shop', cost);
  assert.ok(cost.result.every((s) => s === 200 || s === 503), `the flood was answered: ${[...new Set(cost.result)].join(', ')}`);
  assert.ok(cost.result.filter((s) => s === 200).length >= 4, 'the flooding shop is still served');
});

test.run();
