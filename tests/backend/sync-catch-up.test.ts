/**
 * A new till's catch-up (worker/sync/catch-up.ts): every server document arrives in large batches, a document
 * written on the till meanwhile reaches the server, the progress counts up to the server's total, and the push
 * reports the checkpoint the live sync and the pending count go on from.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SyncProgress } from '../../commands/events';
import { CATCH_UP_BATCH_SIZE, catchUp } from '../../worker/sync/catch-up';
import { ensureAdapter, PouchDB, type Database } from '../../worker/pouch';

let n = 0;
async function db(name: string): Promise<Database> {
  await ensureAdapter('memory');
  return new PouchDB(`catch-up-${process.pid}-${++n}-${name}`, { adapter: 'memory' }) as Database;
}

test('pulls everything in more than one batch, pushes the till’s own write, reports progress to the total', async () => {
  const remote = await db('remote');
  const local = await db('local');
  const count = CATCH_UP_BATCH_SIZE * 2 + 17;
  await remote.bulkDocs(Array.from({ length: count }, (_, i) => ({ _id: `7C${String(i).padStart(6, '0')}`, stores: 'item', name: `Item ${i}` })));
  await local.put({ _id: 'till-own', stores: 'customer', name: 'Made on the till' });
  const reports: SyncProgress[] = [];
  const checkpoints: (number | string)[] = [];
  const run = catchUp([{ local, remote }], (p) => reports.push(p), (_pair, seq) => checkpoints.push(seq), () => undefined);
  await run.done;

  assert.is((await local.info()).doc_count, count + 1);
  assert.is(((await remote.get('till-own')) as unknown as { name: string }).name, 'Made on the till');
  assert.ok(reports.length >= 1, 'progress reported');
  assert.ok(reports.every((r) => r.total === count), `the total is the server's count: ${JSON.stringify(reports.map((r) => r.total))}`);
  const dones = reports.map((r) => r.done);
  assert.equal(dones, [...dones].sort((a, b) => a - b), 'done only grows');
  assert.ok(checkpoints.length >= 1, 'the push reported its checkpoint');
  assert.is(Number(checkpoints[checkpoints.length - 1]), Number((await local.info()).update_seq));
});

test('a cancelled catch-up stops without pulling the rest', async () => {
  const remote = await db('remote');
  const local = await db('local');
  await remote.bulkDocs(Array.from({ length: 50 }, (_, i) => ({ _id: `x${i}` })));
  const run = catchUp([{ local, remote }], () => undefined, () => undefined, () => undefined);
  run.cancel();
  await run.done;
  assert.ok((await local.info()).doc_count < 50);
});

test.run();
