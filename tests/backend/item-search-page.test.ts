/**
 * item-search pages by bucketed selection instead of sorting every match: prove it returns exactly the page
 * the full ranking (ItemIndex.search) would give, for broad and narrow queries at many offsets.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { itemIndex } from '../../worker/items/search/item-index';
import { makeBackend, ok } from './helpers';
import { untyped } from '../../worker/db';

const WORDS = ['rice', 'bag', 'milk', 'tin', 'oil', 'red', 'big', 'soap', 'bar', 'gold', 'sugar', 'cube'];

test('every page equals the same slice of the full ranking', async () => {
  const b = await makeBackend();
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const docs = Array.from({ length: 700 }, (_, i) => ({
    _id: `7item${String(i).padStart(4, '0')}`,
    stores: 'item',
    name: `${WORDS[rand(12)]} ${WORDS[rand(12)]} ${i % 50}`,
    description: rand(3) ? `${WORDS[rand(12)]} pack` : '',
    price: 100 + rand(900),
    purchasePrice: 50,
    isRaw: rand(4) === 0,
  }));
  await untyped(b.ctx.db.main).bulkDocs(docs);
  await b.settled();
  ok(await b.dispatch('item-search', { query: '' }));
  const idx = itemIndex(b.ctx.db);
  let pages = 0;
  for (const query of ['', 'r', 'ri', 'ric', 'rice', 'ar', 'bar', 'pack', 'g', 'ug', 'e 1', '7item00', 'zzz', '3']) {
    for (const raw of [undefined, true]) {
      const full = idx.search(query, { raw }).map((d) => d._id);
      for (const [offset, limit] of [[0, 100], [0, 7], [5, 20], [95, 10], [300, 250], [690, 50], [2000, 10]]) {
        const page = ok(await b.dispatch('item-search', { query, offset, limit, raw }));
        assert.is(page.total, full.length, `total for '${query}'`);
        assert.equal(page.rows.map((r) => r._id), full.slice(offset, offset + limit), `'${query}' raw=${raw} at ${offset}+${limit}`);
        pages++;
      }
    }
  }
  assert.ok(pages > 150);
  // The empty query's page is a slice of the name order: removed items must not stay in it.
  const gone = await untyped(b.ctx.db.main).allDocs({ keys: docs.filter((_, i) => i % 70 === 3).map((d) => d._id) });
  await untyped(b.ctx.db.main).bulkDocs(gone.rows.map((r) => ({ _id: r.key, _rev: (r as { value: { rev: string } }).value.rev, _deleted: true })));
  await b.settled();
  ok(await b.dispatch('item-search', { query: 'rice' }));
  const left = idx.search('').map((d) => d._id);
  assert.is(left.length, 690);
  for (const [offset, limit] of [[0, 40], [650, 100]]) {
    const page = ok(await b.dispatch('item-search', { query: '', offset, limit }));
    assert.is(page.total, 690);
    assert.equal(page.rows.map((r) => r._id), left.slice(offset, offset + limit), `'' at ${offset} after removals`);
  }
  await b.close();
});

test.run();
