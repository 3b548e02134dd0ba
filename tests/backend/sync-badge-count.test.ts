/**
 * Issue 39 item 14: the badge's count of changes not yet on the server follows every local write, so it says
 * what the log-out question says ('Offline (9)' while the question said 11: offline the count was taken only
 * at the server probe's pace).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { PushedSeqs } from '../../worker/sync/pending';
import { StatusBoard } from '../../worker/sync/status-board';
import { untyped } from '../../worker/db';
import { makeBackend, ok } from './helpers';

test('offline, two writes after the state was set: the badge says the count the log-out question reads', async () => {
  const b = await makeBackend();
  const dbs = { main: b.ctx.db.main, shared: b.ctx.db.shared, denormalized: b.ctx.db.denormalized };
  const pushed = new PushedSeqs(b.ctx.db.local);
  const said: number[] = [];
  let heard: (n: number) => void = () => undefined;
  const board = new StatusBoard(
    (e: BackendEvent) => {
      if (e.kind !== 'sync') return;
      said.push(e.pending);
      heard(e.pending);
    },
    (limit) => pushed.count(dbs, limit),
  );
  await board.set('offline');
  const before = board.gauge.value;
  const stop = board.follow(Object.values(dbs), 10);
  const next = (want: number) => new Promise<void>((resolve) => {
    if (said.at(-1) === want) return resolve();
    heard = (n) => n === want && resolve();
  });
  const two = next(before + 2);
  await untyped(b.ctx.db.main).bulkDocs([{ _id: 'x1', stores: 'expense' }, { _id: 'x2', stores: 'expense' }]);
  await two;
  assert.is(board.status().pending, before + 2);
  // The log-out question's own count (sync-pending) reads the same checkpoint: the two agree.
  assert.is(ok(await b.dispatch('sync-pending', {})).pending, board.status().pending);
  const three = next(before + 3);
  await untyped(b.ctx.db.shared).put({ _id: 'y1', stores: 'config' });
  await three;
  stop();
  await b.close();
});

test.run();
