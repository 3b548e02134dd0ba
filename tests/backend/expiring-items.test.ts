/** Expiry batches (document 000 section 4) and the 'Expiring soon' list. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ok } from './helpers';
import { backendWith, EXPIRY_DOCS as docs, line, march } from './ledger-fixtures';
import { untyped } from '../../worker/db';


test('sold and damaged quantity is consumed from the oldest batches; the first remaining is the closest', async () => {
  const b = await backendWith(docs);
  const e = b.ctx.ledger.expiry('E');
  // consumed 4 + 1 = 5: April's 3, then 2 of May's 4
  assert.equal(e, {
    closest: new Date(2026, 4, 1).getTime(),
    batches: [
      { expiry_date: new Date(2026, 4, 1).getTime(), quantity: 2 },
      { expiry_date: march(93), quantity: 5 },
    ],
  });
  assert.equal(b.ctx.ledger.expiry('F'), { closest: undefined, batches: [] });
  assert.equal(b.ctx.ledger.expiry('nothing'), { closest: undefined, batches: [] });
  await b.close();
});

test('expiring-items lists items whose closest batch falls within the threshold (3 months by default)', async () => {
  const b = await backendWith(docs);
  const page = ok(await b.dispatch('expiring-items', { offset: 0, limit: 100 }));
  assert.equal(page.rows, [{ id: 'E', name: 'Milk', quantity: 2, iteration: 2, expiry_date: new Date(2026, 4, 1).getTime(), available: 17 }]);
  assert.is(page.total, 1);

  ok(await b.dispatch('config-set', { expiryTreshold: 6 }));
  await b.settled(); // the config cache refreshes from the shared feed
  const six = ok(await b.dispatch('expiring-items', { offset: 0, limit: 100 }));
  assert.equal(six.rows.map((r) => r.name), ['Milk', 'Salt']);
  assert.equal(ok(await b.dispatch('expiring-items', { offset: 0, limit: 100, search: 'sal' })).rows.map((r) => r.id), ['G']);

  ok(await b.dispatch('config-set', { expiryTreshold: 1 }));
  await b.settled();
  assert.is(ok(await b.dispatch('expiring-items', { offset: 0, limit: 100 })).total, 0);
  await b.close();
});

test('a new sale moves the closest batch forward', async () => {
  const b = await backendWith(docs);
  await untyped(b.ctx.db.main).put(line('sale_item', 's3', 'E', 2, { factor: -1 }));
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.expiry('E').closest, march(93));
  await b.close();
});

test.run();
