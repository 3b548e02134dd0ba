import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoleLevel } from '../../commands/session';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';

test('purchase-get returns the purchase, its lines in order, the balance and the delete decision', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  const items = Array.from({ length: 12 }, (_, i) => ({ id: '7Arice', name: 'Rice 50kg', quantity: i + 1, price: 10 }));
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm({ items, amount_paid: 500, acceptDebt: true })));
  const got = ok(await b.dispatch('purchase-get', { id }));
  assert.ok(got);
  assert.is(got!.purchase._id, id);
  assert.equal(got!.lines.map((l) => l.quantity), items.map((l) => l.quantity), 'line 10 and up sort after line 9');
  assert.is(got!.balance, 280);
  assert.equal(got!.deletion, { action: 'deny', reason: 'Deleting transactions is not allowed' }, 'the default policy');
  assert.is(got!.canReview, false);

  ok(await b.dispatch('config-set', { deletePolicy: 'all', reviewDelete: 'admin' }));
  await b.settled();
  b.ctx.setSession({ ...OWNER, username: 'v2_ada_clerk', level: 4 as RoleLevel });
  assert.equal(ok(await b.dispatch('purchase-get', { id }))!.deletion, { action: 'mark' });
  await b.close();
});

test('a missing or deleted purchase is null (the screen goes to /not-found)', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  assert.is(ok(await b.dispatch('purchase-get', { id: 'missing' })), null);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  assert.is(ok(await b.dispatch('purchase-get', { id: `${id}-0` })), null, 'a line is not a purchase');
  ok(await b.dispatch('config-set', { deletePolicy: 'all' }));
  await b.settled();
  ok(await b.dispatch('purchase-delete', { id }));
  assert.is(ok(await b.dispatch('purchase-get', { id })), null);
  await b.close();
});

test.run();
