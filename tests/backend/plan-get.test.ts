/** plan-get: Trial for 1 day by default; a paid plan (any other name, written by the server) lasts forever. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';

test('no plan document yet: the default Trial for 1 day', async () => {
  const b = await makeBackend();
  assert.equal(ok(await b.dispatch('plan-get', {})), { name: 'Trial', from: null, days: 1, trial: true });
  await b.close();
});

test('the stored trial, then a paid plan shown as lasting forever', async () => {
  const b = await makeBackend();
  const from = Date.UTC(2026, 2, 5);
  const put = await b.ctx.db.shared.put({ _id: 'current-plan', stores: 'current-plan', name: 'Trial', from, for: 1 } as never);
  assert.equal(ok(await b.dispatch('plan-get', {})), { name: 'Trial', from, days: 1, trial: true });
  await b.ctx.db.shared.put({ _id: 'current-plan', _rev: put.rev, stores: 'current-plan', name: 'Gold', from, for: 365 } as never);
  assert.equal(ok(await b.dispatch('plan-get', {})), { name: 'Gold', from, days: null, trial: false });
  await b.close();
});

test.run();
