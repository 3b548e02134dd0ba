/**
 * One page of a broad query (thousands of hits) without ranking every hit: exact codes come first, names
 * starting with the query are one run of the name order (found by binary search), and the other tiers are
 * read off the name order from the top, stopping as soon as the page is full. "s" over 50,000 items then costs
 * a pass over its hits to mark them and a few hundred tier tests, not 20,000.
 */
import type { Run } from './hits';
import { tier, type Entry, type Hits, type Scratch } from './rank';

const HIT = 1;
const EXACT = 2;

/** Entry numbers of one page of the hits in rank order (as pageOf gives for the same hits ranked). */
export function pageByWalk(entries: Entry[], hits: Hits, run: Run, order: readonly number[], position: Int32Array, offset: number, limit: number, scratch: Scratch): number[] {
  const q = hits.query;
  const need = offset + limit;
  scratch.fit(entries.length);
  const marks = scratch.marks;
  for (const i of hits.ids) marks[i] = HIT;
  for (const i of hits.exact) marks[i] = EXACT;
  const ranked = [...hits.exact].sort((a, b) => position[a] - position[b]);
  // Tier 1: the run of names starting with q.
  const { from, to } = run;
  for (let pos = from; pos < to && ranked.length < need; pos++) if (marks[order[pos]] === HIT) ranked.push(order[pos]);
  // Tiers 2 to 4, name order within each, until tier 2 completes the page (or the order ends).
  const rest: number[][] = [[], [], [], [], []];
  for (let pos = 0; pos < order.length && ranked.length + rest[2].length < need; pos++) {
    if (pos === from) pos = Math.max(pos, to);
    if (pos >= order.length) break;
    const i = order[pos];
    if (marks[i] !== HIT) continue;
    const t = tier(entries[i], q);
    if (t >= 2 && rest[t].length < need) rest[t].push(i);
  }
  for (const i of hits.ids) marks[i] = 0;
  return [...ranked, ...rest[2], ...rest[3], ...rest[4]].slice(offset, need);
}
