/** src/live.ts against a real Node backend: a live read runs again exactly when a type it declared changes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { READS, type Args, type CommandName, type ErrorCode, type Reply, type Result } from '../../commands/index';
import { namesAny } from '../../src/events';
import { watchLive, type LiveSource } from '../../src/live';
import type { NodeBackend } from '../../worker/backend';
import { makeBackend, ok } from './helpers';

function sourceOf(b: NodeBackend, calls: string[]): LiveSource {
  return {
    dispatch: (name, input) => {
      calls.push(name);
      return b.dispatch(name, input);
    },
    onChanged: (types, listener) => b.subscribe((e) => e.kind === 'changed' && namesAny(e, types) && listener()),
  };
}

/** Waits until `n` answers arrived (each dispatch answers once; the watcher then delivers it). */
async function answers<T>(list: T[], n: number): Promise<void> {
  while (list.length < n) await new Promise((r) => setTimeout(r, 5));
}

test('every live read declares only document types, and the declared ones', () => {
  for (const [name, types] of Object.entries(READS)) {
    assert.ok(Array.isArray(types), name);
    for (const t of types) assert.type(t, 'string', name);
  }
  assert.equal(READS['warehouse-list'], ['warehouse']);
  assert.equal(READS['backend-info'], []);
});

test('a live read runs again when a type it reads changes, and never on an unrelated change', async () => {
  const b = await makeBackend();
  const calls: string[] = [];
  const replies: Reply<Result<'warehouse-list'>>[] = [];
  const live = watchLive('warehouse-list', {}, (r) => replies.push(r), sourceOf(b, calls));
  await answers(replies, 1);
  assert.equal(ok(replies[0]).map((w) => w.location), ['Main store']);

  ok(await b.dispatch('category-create', { value: 'Drinks' }));
  await b.settled(); // the change event is out: a refetch would have been dispatched by now
  assert.is(calls.length, 1, 'a category is not something warehouse-list reads');

  ok(await b.dispatch('warehouse-create', { location: 'Lagos' }));
  await b.settled();
  await answers(replies, 2);
  assert.equal(ok(replies[1]).map((w) => w.location), ['Main store', 'Lagos']);
  assert.is(calls.length, 2);

  live.stop();
  ok(await b.dispatch('warehouse-create', { location: 'Abuja' }));
  await b.settled();
  assert.is(calls.length, 2, 'a stopped read runs no more');
  await b.close();
});

test('an older answer never overwrites a newer one', async () => {
  const pending: ((v: Reply<unknown>) => void)[] = [];
  const source: LiveSource = {
    dispatch: <K extends CommandName>(_name: K, _input: Args<K>) =>
      new Promise<Reply<Result<K>, ErrorCode<K>>>((resolve) => pending.push(resolve as (v: Reply<unknown>) => void)),
    onChanged: () => () => undefined,
  };
  const seen: unknown[] = [];
  const live = watchLive('backend-info', {}, (r) => seen.push(ok(r)), source);
  live.refetch();
  assert.is(pending.length, 2);
  pending[1]({ ok: true, value: 'newer' });
  pending[0]({ ok: true, value: 'older' });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(seen, ['newer']);
});

test.run();
