/**
 * item-search answers a keystroke from the hits of the queries just typed (worker/items/search/rank.ts) and pages
 * a broad query by walking the name order (worker/items/search/walk.ts): prove that typing a query a key at a time, then
 * deleting it a key at a time, gives at every step exactly what a fresh, uncached ranking (ItemIndex.search)
 * gives, for few hits and for thousands, and that a write between keystrokes is never hidden.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { itemIndex } from '../../worker/items/search/item-index';
import { makeBackend, ok } from './helpers';
import type { NodeBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';

const WORDS = ['rice', 'Rice-bag', 'milk', 'tin', 'oil', 'red', 'big', 'soap', 'bar', 'gold', 'sugar', 'cube', 'a-b', 'ab/c', 'price'];

async function seeded(count = 900): Promise<NodeBackend> {
  const b = await makeBackend();
  let seed = 11;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const docs = Array.from({ length: count }, (_, i) => ({
    _id: `7Item${String(i).padStart(4, '0')}`,
    stores: 'item',
    name: `${WORDS[rand(WORDS.length)]} ${WORDS[rand(WORDS.length)]} ${i % 70}`,
    description: rand(3) ? `${WORDS[rand(WORDS.length)]} pack` : '',
    price: 100 + rand(900),
    purchasePrice: 50,
    isRaw: rand(4) === 0,
    // Barcodes, one equal to a broad query ('rice') and one a short one ('R' is searched as 'r').
    ...(i % 9 === 0 ? { barcode: i === 9 ? 'rice' : i === 18 ? 'R' : `RB${i}` } : {}),
  }));
  await untyped(b.ctx.db.main).bulkDocs(docs);
  await b.settled();
  ok(await b.dispatch('item-search', { query: '' }));
  return b;
}

/** Every prefix of `text` typed, then every one deleted back to empty, as a cashier's keystrokes send them. */
function keystrokes(text: string): string[] {
  const typed = [...text].map((_, n) => text.slice(0, n + 1));
  return [...typed, ...typed.slice(0, -1).reverse(), ''];
}

async function expectFresh(b: NodeBackend, query: string, raw?: boolean, limit = 40, offset = 0): Promise<number> {
  const page = ok(await b.dispatch('item-search', { query, limit, raw, offset }));
  const full = itemIndex(b.ctx.db).search(query, { raw }).map((d) => d._id);
  assert.is(page.total, full.length, `total for '${query}' raw=${raw}`);
  assert.equal(page.rows.map((r) => r._id), full.slice(offset, offset + limit), `'${query}' raw=${raw} at ${offset}`);
  return full.length;
}

test('typing and deleting a query a key at a time answers each key as a fresh search would', async () => {
  const b = await seeded();
  const queries = ['rice bag', 'rice-b', 'a-b pa', 'ab/c', 'sugar 1', 'milk 6', '7item000', 'rb27', 'gol', 'ar 4', 'zzz', 'R', 'old pack'];
  let steps = 0;
  for (const text of queries) {
    for (const query of keystrokes(text)) {
      await expectFresh(b, query);
      steps++;
    }
  }
  // The same keys with the raw filter, interleaved with unfiltered ones: neither answers from the other's cache.
  for (const query of keystrokes('sugar pack')) {
    await expectFresh(b, query, true);
    await expectFresh(b, query);
    await expectFresh(b, query, false, 7);
  }
  // Spaces around a query do not change it.
  await expectFresh(b, '  rice ');
  assert.is(steps, 136);
  await b.close();
});

test('broad queries (thousands of hits, paged off the name order) equal the full ranking, typed and at any offset', async () => {
  const b = await seeded(6000);
  let broad = 0;
  for (const text of ['rice bag', 'price', 'a-b', 'r', 'pack', 'b 1', '7item']) {
    for (const query of keystrokes(text)) if ((await expectFresh(b, query)) > 2000) broad++;
  }
  assert.ok(broad >= 12, `${broad} broad answers`);
  // 'rice' and 'r' are also barcodes: the exact code first, then names starting with it, other words, substrings.
  for (const [offset, limit] of [[0, 40], [35, 10], [500, 250], [2990, 40], [5990, 40]]) {
    for (const raw of [undefined, true, false]) {
      await expectFresh(b, 'rice', raw, limit, offset);
      await expectFresh(b, 'r', raw, limit, offset);
      await expectFresh(b, 'a', raw, limit, offset);
    }
  }
  assert.is(ok(await b.dispatch('item-search', { query: 'rice', limit: 1 })).rows[0]._id, '7Item0009');
  assert.is(ok(await b.dispatch('item-search', { query: ' R', limit: 1 })).rows[0]._id, '7Item0018');
  await b.close();
});

test('names starting with the query are hits by their place in the name order, and only they', async () => {
  const b = await makeBackend();
  // Enough gold for the broad path (worker/items/search/walk.ts); 'Ago golf old' comes right before the run of 'gold' names
  // and 'Golf old club' right after it, both with all of its trigrams.
  const names = ['Gold bar', 'Golf old club', 'Ago golf old', 'Goldfish', ...Array.from({ length: 2100 }, (_, i) => `Gold ${i}`)];
  await untyped(b.ctx.db.main).bulkDocs(names.map((name, i) => ({ _id: `7g${i}`, stores: 'item', name, price: 100, purchasePrice: 50 })));
  await b.settled();
  const found = ok(await b.dispatch('item-search', { query: 'gold', limit: 10, offset: 2097 }));
  assert.equal(found.rows.map((r) => r.name), ['Gold 997', 'Gold 998', 'Gold 999', 'Gold bar', 'Goldfish']);
  assert.is(found.total, 2102);
  await expectFresh(b, 'old');
  await expectFresh(b, 'gol', undefined, 40, 2090);
  await b.close();
});

test('an item written, changed or deleted between keystrokes shows in the very next answer', async () => {
  const b = await seeded();
  await expectFresh(b, 'gol');
  await expectFresh(b, 'gold');
  const before = ok(await b.dispatch('item-search', { query: 'golden', limit: 5 }));
  assert.is(before.total, 0);
  // A new item extending the query just ranked must be found although the cached hits did not hold it.
  const put = await untyped(b.ctx.db.main).put({ _id: '7Znew', stores: 'item', name: 'Golden penny', price: 500, purchasePrice: 400 } as never);
  const after = ok(await b.dispatch('item-search', { query: 'golden', limit: 5 }));
  assert.equal(after.rows.map((r) => r.name), ['Golden penny']);
  await expectFresh(b, 'gold');
  // Renamed away from the query: gone from the extension and from the query answered before.
  const renamed = await untyped(b.ctx.db.main).put({ _id: '7Znew', _rev: put.rev, stores: 'item', name: 'Penny', price: 500, purchasePrice: 400 } as never);
  assert.is(ok(await b.dispatch('item-search', { query: 'golden', limit: 5 })).total, 0);
  await expectFresh(b, 'gold');
  await untyped(b.ctx.db.main).put({ _id: '7Znew', _rev: renamed.rev, stores: 'item', name: 'Golden penny', price: 500, purchasePrice: 400 } as never);
  assert.is(ok(await b.dispatch('item-search', { query: 'golden', limit: 5 })).total, 1);
  const doc = await b.ctx.db.main.get('7Znew');
  await b.ctx.db.main.remove(doc);
  assert.is(ok(await b.dispatch('item-search', { query: 'golden', limit: 5 })).total, 0);
  await expectFresh(b, 'gold');
  await b.close();
});

test('pages past the first come from the cached ranking in the same order', async () => {
  const b = await seeded();
  const full = itemIndex(b.ctx.db).search('ri').map((d) => d._id);
  assert.ok(full.length > 100);
  const seen: string[] = [];
  for (let offset = 0; offset < full.length; offset += 37) {
    const page = ok(await b.dispatch('item-search', { query: 'ri', offset, limit: 37 }));
    assert.is(page.total, full.length);
    seen.push(...page.rows.map((r) => r._id));
  }
  assert.equal(seen, full);
  await b.close();
});

test.run();
