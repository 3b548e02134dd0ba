import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeletePolicy, ReviewDelete } from '../../commands/config';
import type { SessionUser } from '../../commands/session';
import { fixedClock, makeBackend, ok } from './helpers';
import { OWNER, CUSTOMER, RICE, AGENT, MANAGER, ACCOUNTANT } from '../support/fixtures';
import { configure, saleInput, seed } from './sales-fixtures';

const HOUR = 3_600_000;

async function withSale(policy: DeletePolicy, review: ReviewDelete = 'none', timeout = 0, seller: SessionUser = OWNER) {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  await seed(b);
  await configure(b, { deletePolicy: policy, reviewDelete: review, deleteTimeout: timeout });
  b.ctx.setSession(seller);
  const saved = ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0, confirmDebt: true })));
  return { b, clock, id: saved.id };
}

async function docs(b: Awaited<ReturnType<typeof makeBackend>>, id: string) {
  const res = await b.ctx.db.main.allDocs({ keys: [id, `${id}-0`], include_docs: true });
  return res.rows.map((r) => ('value' in r && r.value?.deleted ? 'deleted' : (r as { doc?: { delete_pending?: boolean } }).doc?.delete_pending ? 'pending' : 'live'));
}

test('policy none (the default) refuses everyone and hides Delete', async () => {
  const { b, id } = await withSale('none');
  assert.is(ok(await b.dispatch('sale-get', { id })).deleteMode, 'deny');
  const r = await b.dispatch('sale-delete', { id });
  assert.is(!r.ok && r.error.code, 'delete-denied');
  assert.equal(await docs(b, id), ['live', 'live']);
  await b.close();
});

test('direct delete removes the sale and its lines in one batch, records deletedBy, restores stock and balance', async () => {
  const { b, id } = await withSale('all');
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 8);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 2501);
  assert.equal(ok(await b.dispatch('sale-delete', { id })), { outcome: 'deleted' });
  assert.equal(await docs(b, id), ['deleted', 'deleted']);
  const gone = (await b.ctx.db.main.get(id, { revs: true, open_revs: 'all' })) as unknown as { ok: { deletedBy?: { username: string } } }[];
  assert.is(gone[0].ok.deletedBy?.username, OWNER.username);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 10);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 0);
  const again = await b.dispatch('sale-get', { id });
  assert.is(!again.ok && again.error.code, 'not-found');
  await b.close();
});

test('under review a sales agent only marks delete_pending; the admin accepts, stock counts until then', async () => {
  const { b, id } = await withSale('all', 'admin', 0, AGENT);
  assert.is(ok(await b.dispatch('sale-get', { id })).deleteMode, 'mark');
  assert.equal(ok(await b.dispatch('sale-delete', { id })), { outcome: 'marked' });
  assert.equal(await docs(b, id), ['pending', 'pending']);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 8);
  const agentView = ok(await b.dispatch('sale-get', { id }));
  assert.is(agentView.sale.delete_pending, true);
  assert.is(agentView.canReview, false);
  assert.is(agentView.canEdit, false);
  const denied = await b.dispatch('sale-delete', { id, review: 'accept' });
  assert.is(!denied.ok && denied.error.code, 'delete-denied');
  b.ctx.setSession(OWNER);
  assert.is(ok(await b.dispatch('sale-get', { id })).canReview, true);
  assert.equal(ok(await b.dispatch('sale-delete', { id, review: 'accept' })), { outcome: 'deleted' });
  assert.equal(await docs(b, id), ['deleted', 'deleted']);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 10);
  await b.close();
});

test('a reviewer can reject a pending deletion: the sale stays as it was', async () => {
  const { b, id } = await withSale('all', 'managers', 0, AGENT);
  ok(await b.dispatch('sale-delete', { id }));
  b.ctx.setSession(MANAGER);
  assert.equal(ok(await b.dispatch('sale-delete', { id, review: 'reject' })), { outcome: 'rejected' });
  assert.equal(await docs(b, id), ['live', 'live']);
  // A manager deletes directly under 'managers' review.
  assert.equal(ok(await b.dispatch('sale-delete', { id })), { outcome: 'deleted' });
  await b.close();
});

test('creator, level and timeout rules', async () => {
  const creator = await withSale('creator', 'none', 0, AGENT);
  creator.b.ctx.setSession(MANAGER);
  assert.is(ok(await creator.b.dispatch('sale-get', { id: creator.id })).deleteMode, 'deny');
  creator.b.ctx.setSession(AGENT);
  assert.is(ok(await creator.b.dispatch('sale-delete', { id: creator.id })).outcome, 'deleted');
  await creator.b.close();

  const levels: [DeletePolicy, SessionUser, string][] = [
    ['preferred', ACCOUNTANT, 'delete'],
    ['preferred', AGENT, 'deny'],
    ['managers', ACCOUNTANT, 'deny'],
    ['managers', MANAGER, 'delete'],
    ['admin', MANAGER, 'deny'],
    ['admin', OWNER, 'delete'],
  ];
  for (const [policy, user, expected] of levels) {
    const s = await withSale(policy);
    s.b.ctx.setSession(user);
    assert.is(ok(await s.b.dispatch('sale-get', { id: s.id })).deleteMode, expected, `${policy} × level ${user.level}`);
    await s.b.close();
  }

  const timed = await withSale('all', 'none', 2);
  timed.clock.advance(HOUR);
  assert.is(ok(await timed.b.dispatch('sale-get', { id: timed.id })).deleteMode, 'delete');
  timed.clock.advance(2 * HOUR);
  const late = await timed.b.dispatch('sale-delete', { id: timed.id });
  assert.is(!late.ok && late.error.message, 'This transaction is older than 2 hours and can no longer be deleted');
  await timed.b.close();
});

test.run();
