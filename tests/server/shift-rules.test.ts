/**
 * The server holds shift records to the worker's rules over real HTTP: who may write them (levels 0–3, not the
 * store keeper), a float and a count of 0 or more, one close per shift ({shift id}-close), and once written
 * neither an open nor a close is changed or deleted (append-only).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness, type Client } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('shift records: who writes them, their figures, and never rewritten', async () => {
  const a = await registerBusiness(env.server, { name: 'Shift Rules Shop' });
  const main = `/db/oja-${a.id}`;
  const agent = await addStaff(a.owner, a.id, 'Tolu Agent', 3);
  const keeper = await addStaff(a.owner, a.id, 'Kemi Keeper', 4);
  const stamp = (u: { username: string }) => ({ username: u.username, fullname: 'x' });
  const open = (who: { username: string }, float: unknown) => ({ stores: 'shift-open', till: 't1', float, date: 1000, user: stamp(who) });
  const put = async (c: Client, id: string, doc: object) => (await c.call('PUT', `${main}/${id}`, doc)).status;

  assert.is(await put(keeper.client, 'shift-t1-a', open(keeper, 100)), 403);
  assert.is(await put(agent.client, 'shift-t1-a', open(agent, -1)), 403);
  assert.is(await put(agent.client, 'shift-t1-a', open(agent, '100')), 403);
  assert.is(await put(agent.client, 'shift-t1-a', { ...open(agent, 100), till: '' }), 403);
  assert.is(await put(agent.client, 'shift-t1-a', open(agent, 100)), 201);

  const saved = (await agent.client.call('GET', `${main}/shift-t1-a`)).body;
  assert.is(await put(agent.client, 'shift-t1-a', { ...saved, float: 5000 }), 403);
  assert.is(await put(a.owner, 'shift-t1-a', { ...saved, _deleted: true }), 403);

  const close = { stores: 'shift-close', shift: 'shift-t1-a', till: 't1', opened_by: agent.username, date: 2000, count: [{ value: 100, count: 1 }], counted: 100, user: stamp(agent) };
  assert.is(await put(agent.client, 'shift-t1-b-close', close), 403);
  assert.is(await put(agent.client, 'shift-t1-a-close', { ...close, counted: -5 }), 403);
  assert.is(await put(keeper.client, 'shift-t1-a-close', { ...close, user: stamp(keeper) }), 403);
  assert.is(await put(agent.client, 'shift-t1-a-close', close), 201);
  const closed = (await agent.client.call('GET', `${main}/shift-t1-a-close`)).body;
  assert.is(await put(agent.client, 'shift-t1-a-close', { ...closed, counted: 1000 }), 403);
});

test.run();
