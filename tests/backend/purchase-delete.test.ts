import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BaseDoc } from '../../commands/docs';
import { makeBackend, ok } from './helpers';
import { OWNER, STORE_KEEPER } from '../support/fixtures';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';


async function setup(config: Record<string, unknown>) {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  ok(await b.dispatch('config-set', config as never));
  await b.settled();
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  return { b, id };
}

async function tombstones(b: Awaited<ReturnType<typeof makeBackend>>, id: string) {
  const changes = await b.ctx.db.main.changes({ include_docs: true });
  return changes.results.filter((c) => c.id.startsWith(id)).map((c) => c.doc as BaseDoc);
}

test('the default policy refuses and keeps the purchase', async () => {
  const { b, id } = await setup({});
  const r = await b.dispatch('purchase-delete', { id });
  assert.equal(r, { ok: false, error: { code: 'delete-denied', message: 'Deleting transactions is not allowed' } });
  assert.ok(ok(await b.dispatch('purchase-get', { id })));
  await b.close();
});

test('a permitted delete removes the purchase and all its lines, recording who', async () => {
  const { b, id } = await setup({ deletePolicy: 'managers' });
  assert.equal(ok(await b.dispatch('purchase-delete', { id })), { outcome: 'deleted' });
  const docs = await tombstones(b, id);
  assert.is(docs.length, 3);
  for (const d of docs) {
    assert.is(d._deleted, true);
    assert.is(d.deletedBy?.username, OWNER.username);
  }
  const list = ok(await b.dispatch('purchases-list', { offset: 0, limit: 100 }));
  assert.is(list.total, 0, 'gone from the list');
  await b.close();
});

test('under review a store keeper marks it; the admin accepts through purchase-delete with review accept', async () => {
  const { b, id } = await setup({ deletePolicy: 'all', reviewDelete: 'admin' });
  b.ctx.setSession(STORE_KEEPER);
  assert.equal(ok(await b.dispatch('purchase-delete', { id })), { outcome: 'marked' });
  const got = ok(await b.dispatch('purchase-get', { id }))!;
  assert.is(got.purchase.delete_pending, true);
  assert.is(got.lines.every((l) => l.delete_pending), true);
  assert.is(got.canReview, false);
  const edit = await b.dispatch('purchase-update', { ...purchaseForm(), id });
  assert.equal(edit, { ok: false, error: { code: 'purchase-pending', message: 'This transaction has been marked for deleting' } });
  b.ctx.setSession(OWNER);
  assert.is(ok(await b.dispatch('purchase-get', { id }))!.canReview, true);
  assert.equal(ok(await b.dispatch('purchase-delete', { id, review: 'accept' })), { outcome: 'deleted' });
  assert.is(ok(await b.dispatch('purchase-get', { id })), null);
  await b.close();
});

test('the timeout stops deletion of an old purchase', async () => {
  const { b, id } = await setup({ deletePolicy: 'all', deleteTimeout: 24 });
  (b.ctx.clock as unknown as { advance(ms: number): void }).advance(25 * 3_600_000);
  const r = await b.dispatch('purchase-delete', { id });
  assert.equal(r, { ok: false, error: { code: 'delete-denied', message: 'This transaction is older than 24 hours and can no longer be deleted' } });
  await b.close();
});

test.run();
