/**
 * How long the item index takes to build from 50k items and answer its first page, in Node (no browser, no
 * data set): the in-memory share of a cold start, for iterating on worker/items/search/item-index.ts.
 *   npx tsx scripts/bench/index-build.ts [items]
 */
import type { ItemDoc } from '../../commands/docs';
import { ItemIndex } from '../../worker/items/search/item-index';

const count = Number(process.argv[2] ?? 50_000);
const items = Array.from({ length: count }, (_, i): ItemDoc => ({
  _id: `7B${String(i).padStart(5, '0')}`,
  stores: 'item',
  name: `Item ${i} ${['rice', 'beans', 'salt', 'milk', 'soap'][i % 5]}`,
  price: 100 + (i % 900),
  purchasePrice: 80 + (i % 700),
}));

const feed = { on: () => feed, cancel: () => undefined };
const main = {
  info: async () => ({ update_seq: 0 }),
  allDocs: async () => ({ rows: items.map((doc) => ({ doc })) }),
  changes: () => feed,
  once: () => undefined,
};
const local = { get: async () => Promise.reject(new Error('missing')) };

for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const idx = new ItemIndex({ main, local } as never);
  await idx.ready();
  const t1 = performance.now();
  idx.page('', 0, 100);
  const t2 = performance.now();
  idx.page('ric', 0, 100);
  const t3 = performance.now();
  idx.close();
  console.log(`build ${(t1 - t0).toFixed(0)} ms, first page ${(t2 - t1).toFixed(0)} ms, first search ${(t3 - t2).toFixed(0)} ms`);
}
