/**
 * The item index snapshot's stored layout (worker/items/snapshot.ts): version 2 chunks hold only strings and
 * numbers (so PouchDB's IndexedDB adapter stores them once), items in name order, under the save's generation and
 * tagged with its sequence; version 1 snapshots (chunks of item objects) are still read and rewritten; a save cut
 * short leaves the previous snapshot readable; a chunk not of its head's save is not trusted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc } from '../../commands/docs';
import { createBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';
import { itemIndex } from '../../worker/items/search/item-index';
import { OWNER } from '../support/fixtures';
import { fixedClock, ok } from './helpers';

const open = (name: string) => createBackend({ adapter: 'memory', name, clock: fixedClock(), user: OWNER });
const item = (id: string, name: string): ItemDoc => ({ _id: id, stores: 'item', name, price: 10, purchasePrice: 5 });
/** Ids in the opposite order of the names, and two items of the same name. */
const ITEMS = [item('7A1', 'Zobo'), item('7A2', 'Yam'), item('7A3', 'Garri'), item('7A4', 'Beans'), item('7A5', 'Garri')];
const names = (r: { rows: { _id: string; name: string }[] }) => r.rows.map((x) => `${x._id}:${x.name}`);

type Stored = Record<string, unknown>;

async function seeded(name: string) {
  const b = await open(name);
  await untyped(b.ctx.db.main).bulkDocs(ITEMS);
  await b.settled();
  await itemIndex(b.ctx.db).ready();
  return b;
}

test('a saved chunk holds only strings and numbers: the items as JSON in name order, and the head sequence', async () => {
  const b = await seeded(`snapfmt-v2-${process.pid}`);
  await itemIndex(b.ctx.db).save();
  const head = (await b.ctx.db.local.get('_local/item-index-head')) as unknown as Stored;
  assert.is(head.version, 2);
  assert.is(head.generation, 1);
  const chunk = (await b.ctx.db.local.get('_local/item-index-1-0')) as unknown as Stored;
  for (const [key, value] of Object.entries(chunk)) assert.ok(typeof value === 'string' || typeof value === 'number', `${key} is a ${typeof value}`);
  assert.is(chunk.seq, head.seq);
  const items = JSON.parse(chunk.items as string) as ItemDoc[];
  assert.equal(items.map((d) => d._id), ['7A4', '7A3', '7A5', '7A2', '7A1']);
  await b.close();
});

test('a version 1 snapshot (chunks of item objects) is still read, and answers as the documents do', async () => {
  const name = `snapfmt-v1-${process.pid}`;
  let b = await seeded(name);
  const expected = names(ok(await b.dispatch('item-search', { query: '' })));
  const seq = Number((await b.ctx.db.main.info()).update_seq);
  // What the code before version 2 wrote: items in the order they were added, as objects.
  await b.ctx.db.local.put({ _id: '_local/item-index-0', items: ITEMS } as never);
  await b.ctx.db.local.put({ _id: '_local/item-index-head', version: 1, seq, chunks: 1 } as never);
  await b.close();

  b = await open(name);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '' }))), expected);
  assert.equal(names(ok(await b.dispatch('item-search', { query: 'garri' }))), ['7A3:Garri', '7A5:Garri']);
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'snapshot');
  // It is rewritten as version 2 a little after the start (no item need change first).
  const deadline = Date.now() + 10_000;
  let version = 1;
  while (version !== 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    version = Number(((await b.ctx.db.local.get('_local/item-index-head')) as unknown as Stored).version);
  }
  assert.is(version, 2);
  // The version 1 chunk is removed once the new head names its own.
  assert.is(await b.ctx.db.local.get('_local/item-index-0').catch(() => undefined), undefined);
  await b.close();
});

test('a save cut short (chunks of a later generation, no head for them) leaves the previous snapshot readable', async () => {
  const name = `snapfmt-cut-${process.pid}`;
  let b = await seeded(name);
  await itemIndex(b.ctx.db).save();
  await untyped(b.ctx.db.main).put(item('7A6', 'Aardvark oil'));
  await b.settled();
  // The next save wrote its first chunk (generation 2) and stopped before its head.
  await b.ctx.db.local.put({ _id: '_local/item-index-2-0', seq: 999, items: JSON.stringify([item('7A1', 'Zobo')]) } as never);
  await b.close();

  b = await open(name);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '' }))), ['7A6:Aardvark oil', '7A4:Beans', '7A3:Garri', '7A5:Garri', '7A2:Yam', '7A1:Zobo']);
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'snapshot');
  await b.close();
});

test('a chunk not written by the save its head names is not trusted: the index reads the documents', async () => {
  const name = `snapfmt-foreign-${process.pid}`;
  let b = await seeded(name);
  await itemIndex(b.ctx.db).save();
  const head = (await b.ctx.db.local.get('_local/item-index-head')) as unknown as Stored;
  const chunk = (await b.ctx.db.local.get('_local/item-index-1-0')) as unknown as Stored;
  const fewer = (JSON.parse(chunk.items as string) as ItemDoc[]).filter((d) => d._id !== '7A1');
  await b.ctx.db.local.put({ ...chunk, seq: Number(head.seq) + 1, items: JSON.stringify(fewer) } as never);
  await b.close();

  b = await open(name);
  assert.equal(names(ok(await b.dispatch('item-search', { query: '' }))), ['7A4:Beans', '7A3:Garri', '7A5:Garri', '7A2:Yam', '7A1:Zobo']);
  assert.is(itemIndex(b.ctx.db).startedFrom(), 'database');
  await b.close();
});

test.run();
