/**
 * A refusal is never only a console line: when the device database cannot keep the list of changes the server
 * refused (disk full, a broken IndexedDB), the refusal is still listed from memory, counted for the badge, and
 * the list says why it will not outlast the app (worker/sync/refusals.ts `problem`, shown on /sync).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Refusals } from '../../worker/sync/refusals';
import { ensureAdapter, PouchDB, type Database } from '../../worker/pouch';

let n = 0;
async function db(): Promise<Database> {
  await ensureAdapter('memory');
  return new PouchDB(`refusals-kept-${process.pid}-${++n}`, { adapter: 'memory' }) as Database;
}

/** A device database whose writes fail (reads go on), as a full disk does. */
function failingWrites(local: Database): Database {
  return new Proxy(local, {
    get(target, key, receiver) {
      if (key === 'put') return () => Promise.reject(Object.assign(new Error('QuotaExceededError'), { status: 500 }));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

const noServerCopy = () => Promise.resolve(undefined);

test('a refusal the device cannot save is listed, counted and its problem said; a later good save clears the problem', async () => {
  const main = await db();
  const local = await db();
  const counts: number[] = [];
  let writesFail = true;
  const device = new Proxy(local, {
    get(target, key, receiver) {
      if (writesFail) return Reflect.get(failingWrites(target), key, receiver) as unknown;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const refusals = new Refusals(device, (c) => counts.push(c));
  await main.put({ _id: 'aRent', stores: 'expense', description: 'Shop rent' });
  await refusals.refused('main', main, { id: 'aRent', reason: 'Only the owner may record this.' }, noServerCopy);
  const listed = await refusals.all();
  assert.is(listed.length, 1);
  assert.is(listed[0].id, 'aRent');
  assert.is(listed[0].reason, 'Only the owner may record this.');
  assert.is(counts.at(-1), 1);
  assert.match(refusals.problem ?? '', /could not be saved on this device \(QuotaExceededError\)/);

  writesFail = false;
  await refusals.refused('main', main, { id: 'aRent2', reason: 'Refused again.' }, noServerCopy);
  assert.is((await refusals.all()).length, 2);
  assert.is(refusals.problem, undefined);
  // What was listed from memory is on the device now: a new Refusals over the same database reads both.
  const again = new Refusals(local, () => undefined);
  assert.equal((await again.all()).map((r) => r.id), ['aRent2', 'aRent']);
  await Promise.all([main.destroy(), local.destroy()]);
});

test('a device database that cannot be read still lists a refusal, and says the list is not whole', async () => {
  const main = await db();
  const local = await db();
  const broken = new Proxy(local, {
    get(target, key, receiver) {
      if (key === 'get' || key === 'put') return () => Promise.reject(new Error('IndexedDB is closed'));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  let counted: (n: number) => void = () => undefined;
  const firstCount = new Promise<number>((resolve) => (counted = resolve));
  const refusals = new Refusals(broken, (c) => counted(c));
  // As the live sync's 'denied' event hands a refusal over: recorded in the background; the badge hears it.
  refusals.denied('main', { direction: 'push', doc: { id: 'aGone', reason: 'Deleting is not allowed.' } }, main, main);
  assert.is(await firstCount, 1);
  const listed = await refusals.all();
  assert.is(listed.length, 1);
  assert.is(listed[0].id, 'aGone');
  assert.is(listed[0].reason, 'Deleting is not allowed.');
  assert.match(refusals.problem ?? '', /could not be written down on this device \(IndexedDB is closed\)/);
  await Promise.all([main.destroy(), local.destroy()]);
});

test.run();
