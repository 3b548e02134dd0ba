/**
 * Stocktake records on the server (issue 30): starts and counts by the store's levels, postings by managers and
 * the owner; each written once in the writer's name under its stocktake's id, never changed; a posting moves
 * exactly counted − expected; only the owner removes a posting. Over real HTTP.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer, SAVED, type Client } from './helpers';
import { castOf } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('stocktake starts, counts and postings: who writes them, once, in their own name', async () => {
  const cast = await castOf(env.server, 'Stocktake Rules Shop');
  const main = cast.dbs.main;
  const stamp = (level: number) => ({ username: cast.usernames[level], fullname: 'x' });
  const put = (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${id}`, doc);
  const refused = async (c: Client, id: string, doc: object, status: number, reason: RegExp, what: string) => {
    const res = await put(c, id, doc);
    assert.is(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason, what);
  };
  const start = (level: number) => ({ stores: 'stocktake', date: 1, user: stamp(level), device: 'd1', warehouse: 'store', warehouseName: 'Main store', snapshot: { '7Arice': [10, 1000] } });
  const count = (level: number, extra: object = {}) => ({ stores: 'stocktake-count', stocktake: 'stk-1', date: 2, user: stamp(level), device: 'd1', item: { id: '7Arice', name: 'Rice' }, quantity: 5, expected_then: 8, ...extra });
  const post = (level: number, extra: object = {}) => ({ stores: 'stocktake-post', stocktake: 'stk-1', date: 3, user: stamp(level), warehouse: 'store', lines: [{ id: '7Arice', name: 'Rice', start: 10, expected: 8, counted: 7, difference: -1, cost: 1000 }], ...extra });

  // The store keeper starts and counts; a sales agent does neither.
  await refused(cast.staff[3], 'stk-0', start(3), 403, /may not change stocktake/, 'level 3 starts');
  assert.is((await put(cast.staff[4], 'stk-1', start(4))).status, 201);
  await refused(cast.staff[3], 'stkc-stk-1-a', count(3), 403, /may not change stocktake-count/, 'level 3 counts');
  await refused(cast.staff[4], 'stkc-stk-1-f', count(1), 403, /stamp/, 'a count in another name');
  await refused(cast.staff[4], 'stkc-other-1', count(4), 403, /stored as stkc-/, 'a count under another id');
  await refused(cast.staff[4], 'stkc-stk-1-z', count(4, { quantity: 0 }), 403, /quantity other than 0/, 'a count of 0');
  const made = await put(cast.staff[4], 'stkc-stk-1-a', count(4));
  assert.is(made.status, 201);
  // Nobody changes or deletes a count, the owner neither.
  for (const level of [0, 1, 4]) {
    await refused(cast.staff[level], 'stkc-stk-1-a', { _rev: made.body.rev, ...count(4, { quantity: 50 }) }, 403, /cannot be changed/, `level ${level} changes a count`);
    await refused(cast.staff[level], 'stkc-stk-1-a', { _rev: made.body.rev, _deleted: true }, 403, /cannot be deleted/, `level ${level} deletes a count`);
  }

  // Posting: managers and the owner; counted − expected exactly; once.
  await refused(cast.staff[4], 'stkp-stk-1', post(4), 403, /may not change stocktake-post/, 'the store keeper posts');
  await refused(cast.staff[1], 'stkp-stk-1', post(1, { lines: [{ id: '7Arice', name: 'Rice', start: 10, expected: 8, counted: 7, difference: 5, cost: 1000 }] }), 403, /counted − expected/, 'a posting that moves more');
  await refused(cast.staff[1], 'stkp-stk-2', post(1), 403, /stored as stkp-/, 'a posting under another id');
  const posted = await put(cast.staff[1], 'stkp-stk-1', post(1));
  assert.is(posted.status, 201, JSON.stringify(posted.body));
  await refused(cast.staff[0], 'stkp-stk-1', { _rev: posted.body.rev, ...post(0) }, 403, /cannot be changed/, 'a posting changed');
  await refused(cast.staff[1], 'stkp-stk-1', { _rev: posted.body.rev, _deleted: true }, 403, /cannot be deleted/, 'a manager removes a posting');
  assert.ok(SAVED.includes((await put(cast.staff[0], 'stkp-stk-1', { _rev: posted.body.rev, _deleted: true })).status), 'the owner removes a posting');

  for (const [label, client, status] of cast.outsiders()) assert.is((await put(client, 'stkc-stk-1-o', count(0))).status, status, label);
});

test.run();
