/** The shared delete helper (worker/deletion): one batch, deletedBy recorded, mark / accept / reject. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BaseDoc } from '../../commands/docs';
import { deleteTransaction, reviewDeletion } from '../../worker/deletion/transaction';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER, STORE_KEEPER } from '../support/fixtures';
import { untyped } from '../../worker/db';

const KINDS = { kind: 'purchase', lineKind: 'purchase_item' } as const;

async function setup(rules: Record<string, unknown>) {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', rules as never));
  await b.settled();
  await untyped(b.ctx.db.main).bulkDocs([
    { _id: '3P1', stores: 'purchase', date: T0, user: { username: STORE_KEEPER.username, fullname: STORE_KEEPER.fullname } },
    { _id: '3P1-0', stores: 'purchase_item', id: '7X', quantity: 2 },
    { _id: '3P1-1', stores: 'purchase_item', id: '7Y', quantity: 3 },
    { _id: '3P10', stores: 'purchase', date: T0 },
    { _id: '3P10-0', stores: 'purchase_item', id: '7X', quantity: 9 },
  ]);
  let batches = 0;
  const main = untyped(b.ctx.db.main);
  const bulk = main.bulkDocs.bind(main);
  main.bulkDocs = ((...args: Parameters<typeof bulk>) => {
    batches += 1;
    return bulk(...args);
  }) as typeof bulk;
  return { b, batches: () => batches };
}

/** The latest revision of each id, tombstones included (body kept), read from the changes feed. */
async function latest(b: Awaited<ReturnType<typeof makeBackend>>) {
  const res = await b.ctx.db.main.changes({ include_docs: true });
  return Object.fromEntries(res.results.map((r) => [r.id, r.doc as BaseDoc]));
}

test('a direct delete marks the purchase and every line _deleted with deletedBy, in one batch', async () => {
  const { b, batches } = await setup({ deletePolicy: 'all' });
  const r = await deleteTransaction(b.ctx, '3P1', KINDS);
  assert.equal(r, { outcome: 'deleted' });
  assert.is(batches(), 1);
  const docs = await latest(b);
  for (const id of ['3P1', '3P1-0', '3P1-1']) {
    assert.is(docs[id]._deleted, true, id);
    assert.is(docs[id].deletedBy?.username, OWNER.username, id);
  }
  assert.not.ok(docs['3P10']._deleted, 'a purchase whose id only starts alike is untouched');
  assert.not.ok(docs['3P10-0']._deleted);
  await b.close();
});

test('under review, a clerk only marks delete_pending; a reviewer rejects, then accepts', async () => {
  const { b, batches } = await setup({ deletePolicy: 'all', reviewDelete: 'managers' });
  b.ctx.setSession(STORE_KEEPER);
  assert.equal(await deleteTransaction(b.ctx, '3P1', KINDS), { outcome: 'marked' });
  let docs = await latest(b);
  for (const id of ['3P1', '3P1-0', '3P1-1']) {
    assert.is(docs[id].delete_pending, true, id);
    assert.is(docs[id].deleteRequestedBy?.username, STORE_KEEPER.username, id);
    assert.not.ok(docs[id]._deleted, id);
  }
  assert.match((await deleteTransaction(b.ctx, '3P1', KINDS).catch((e) => e)).message, /marked for deleting/);
  assert.match((await reviewDeletion(b.ctx, '3P1', KINDS, true).catch((e) => e)).message, /Only a reviewer/);

  b.ctx.setSession({ ...OWNER, level: 1 });
  assert.equal(await reviewDeletion(b.ctx, '3P1', KINDS, false), { outcome: 'rejected' });
  docs = await latest(b);
  for (const id of ['3P1', '3P1-0', '3P1-1']) assert.not.ok(docs[id].delete_pending, id);

  b.ctx.setSession(STORE_KEEPER);
  await deleteTransaction(b.ctx, '3P1', KINDS);
  b.ctx.setSession(OWNER);
  const before = batches();
  assert.equal(await reviewDeletion(b.ctx, '3P1', KINDS, true), { outcome: 'deleted' });
  assert.is(batches() - before, 1);
  docs = await latest(b);
  for (const id of ['3P1', '3P1-0', '3P1-1']) assert.is(docs[id]._deleted, true, id);
  await b.close();
});

test('a denied delete says why and writes nothing', async () => {
  const { b, batches } = await setup({ deletePolicy: 'creator' });
  const reply = await deleteTransaction(b.ctx, '3P1', KINDS).catch((e) => e);
  assert.is(reply.code, 'delete-denied');
  assert.is(reply.message, 'Only the user who created this transaction can delete it');
  assert.is(batches(), 0);
  b.ctx.setSession(STORE_KEEPER);
  assert.equal(await deleteTransaction(b.ctx, '3P1', KINDS), { outcome: 'deleted' }, 'the creator may');
  await b.close();
});

test('the timeout counts from the transaction date on the backend clock', async () => {
  const { b } = await setup({ deletePolicy: 'all', deleteTimeout: 2 });
  (b.ctx.clock as unknown as { advance(ms: number): void }).advance(2 * 3_600_000);
  const e = await deleteTransaction(b.ctx, '3P1', KINDS).catch((x) => x);
  assert.is(e.message, 'This transaction is older than 2 hours and can no longer be deleted');
  await b.close();
});

test('a missing or already deleted transaction is not-found', async () => {
  const { b } = await setup({ deletePolicy: 'all' });
  const e1 = await deleteTransaction(b.ctx, 'nope', KINDS).catch((x) => x);
  assert.is(e1.code, 'not-found');
  await deleteTransaction(b.ctx, '3P1', KINDS);
  const e2 = await deleteTransaction(b.ctx, '3P1', KINDS).catch((x) => x);
  assert.is(e2.code, 'not-found');
  const e3 = await deleteTransaction(b.ctx, '3P10-0', KINDS).catch((x) => x);
  assert.is(e3.code, 'not-found', 'a line is not a purchase');
  await b.close();
});

test.run();
