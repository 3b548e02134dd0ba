/**
 * The item index's substring postings after start-up (worker/items/search/postings.ts): items that arrive later
 * (an import, a replication) go into the postings in the background, and a query made before they are in
 * answers exactly what a caught-up index answers, testing those items directly instead of indexing them all
 * first. The quick sale's first keystroke after a 50,000-item import once waited 0.7-2.4 s for that indexing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc } from '../../commands/docs';
import { itemIndex } from '../../worker/items/search/item-index';
import { Postings } from '../../worker/items/search/postings';
import { GRAM, shortPrefixes, startsAWord } from '../../worker/items/search/text';
import { untyped } from '../../worker/db';
import { makeBackend, ok } from './helpers';

const WORDS = ['rice', 'Rice-bag', 'milk', 'tin', 'oil', 'a-b', 'ab/c', 'price', 'Ọ̀gẹ̀dẹ̀', 'x.y', '(big)'];

function items(from: number, count: number): ItemDoc[] {
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    return { _id: `7Fill${String(i).padStart(5, '0')}`, stores: 'item', name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i % 97}`, description: i % 3 ? `${WORDS[(i * 5) % WORDS.length]} pack` : '', price: 100 + (i % 900), purchasePrice: 50, ...(i % 11 === 0 ? { barcode: `RB${i}` } : {}) } satisfies ItemDoc;
  });
}

/** Resolves once `done()` holds, checking between turns of the event loop (the fill runs in those turns). */
async function until(done: () => boolean, ms = 20000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return done();
}

test('items written after start-up go into the postings in the background, with no query asking', async () => {
  const b = await makeBackend();
  await untyped(b.ctx.db.main).bulkDocs(items(0, 20));
  ok(await b.dispatch('item-search', { query: '' }));
  const idx = itemIndex(b.ctx.db);
  assert.ok(await until(() => idx.postingsBehind() === 0), 'the start-up fill finishes');
  // An import after start-up: 3,000 items through the changes feed.
  await untyped(b.ctx.db.main).bulkDocs(items(20, 3000));
  ok(await b.dispatch('item-search', { query: '' }));
  assert.is(idx.size, 3020);
  assert.ok(await until(() => idx.postingsBehind() === 0), `the fill took in the imported items (${idx.postingsBehind()} left)`);
  await b.close();
});

test('a query before the fill has caught up answers as a caught-up index does, and indexes nothing itself', async () => {
  const hays = items(0, 3000).map((d) => ({ hay: [d.name, d.description, String(d.price), d._id, d.barcode ?? ''].join('\u0001').toLowerCase() }));
  const full = new Postings();
  while (full.addSlice(hays));
  const partial = new Postings();
  // One clock look per slice, always past the budget: one chunk of entries in, the rest left out.
  let t = 0;
  partial.addSlice(hays, () => (t += 1000));
  const behind = partial.behind(hays);
  assert.ok(behind > 2000 && behind < 3000, `part of the entries left out (${behind})`);
  const matches = (q: string, ids: number[]) => (q.length < GRAM ? ids : ids.filter((i) => hays[i].hay.includes(q)));
  for (const q of ['r', 'ri', 'ric', 'rice', 'a', 'ab', 'a-', 'b ', 'x.', 'ọ̀', 'pri', 'big', 'rb1', 'rb11', '7fill0', '12', 'zz', 'ce-', 'c']) {
    const got = partial.candidates(q, hays);
    assert.equal(matches(q, got), matches(q, full.candidates(q, hays)), `candidates of '${q}'`);
    assert.ok(got.every((v, k) => k === 0 || got[k - 1] < v), `'${q}' in entry order`);
  }
  assert.is(partial.behind(hays), behind, 'the queries indexed nothing');
});

test('startsAWord is shortPrefixes(text).has(q) for one- and two-character queries', () => {
  const texts = ['rice-bag 12', '(big) x.y', 'a_b/c d', 'Ọ̀gẹ̀dẹ̀ dodo', '  lead', 'tab\there', 'x\u0001y', 'a\u00a0b', ''];
  const queries = ['r', 'ri', 'b', 'bi', 'x', 'x.', '.y', 'y', 'a', 'a_', 'c', 'd', 'ọ', 'ọ̀', 'd', 'do', 'l', 'le', 'h', 'he', ' l', 'b ', 'ab'];
  for (const text of texts) {
    const lower = text.toLowerCase();
    for (const q of queries) assert.is(startsAWord(lower, q), shortPrefixes(lower).has(q), `'${q}' in '${text}'`);
  }
});

test.run();
