/**
 * The item index's ranking, built for a keystroke at a time over 50,000 items: a query's hits (hits.ts),
 * when few, bucketed by tier in one pass (typed arrays, no per-item allocation) and one page read off them in
 * name order (many: walk.ts); and a short cache of the queries just typed, so a query extending a cached
 * one only re-checks that one's hits and a query seen a moment ago (Backspace) is answered at once.
 */
import type { ItemDoc } from '../../../commands/docs';
import { GRAM, wordStartAt } from './text';

/** One indexed item; `id` and `code` are its lowercased id and barcode, kept so ranking allocates nothing. */
export type Entry = { doc: ItemDoc; hay: string; name: string; id: string; code: string; alive: boolean };

/**
 * A query's hits, and among them the exact codes (tier 0); when ranked (`starts`), tier by tier: tier t is
 * ids[starts[t]] up to ids[starts[t + 1]].
 */
export type Hits = { query: string; ids: Int32Array; exact: number[]; starts?: Int32Array };
export type Ranked = Hits & { starts: Int32Array };

export const TIERS = 5;

/** 0 exact code, 1 name starts with it, 2 a word of the name does, 3 another word does, 4 any substring. */
export function tier(e: Entry, q: string): number {
  if (e.id === q || e.code === q) return 0;
  if (e.name.startsWith(q)) return 1;
  if (wordStartAt(e.name, q)) return 2;
  if (wordStartAt(e.hay, q)) return 3;
  return q.length >= GRAM && e.hay.includes(q) ? 4 : -1;
}

/**
 * Every candidate `keep` accepts and q matches, in rank order: tier, then name order (position). The plain way,
 * sorting every hit: search() uses it for whole lists, and tests hold the fast paths to it.
 */
export function fullRanking(entries: Entry[], candidates: readonly number[], q: string, keep: (e: Entry) => boolean, position: Int32Array): number[] {
  const tiers: number[] = [];
  const hits: number[] = [];
  const seen = new Set<number>();
  for (const i of candidates) {
    if (seen.has(i)) continue;
    seen.add(i);
    const e = entries[i];
    if (!keep(e)) continue;
    const t = tier(e, q);
    if (t < 0) continue;
    hits.push(i);
    tiers[i] = t;
  }
  return hits.sort((a, b) => tiers[a] - tiers[b] || position[a] - position[b]);
}

/** Buffers reused by every query of an index (grown when the index grows). */
export class Scratch {
  hits = new Int32Array(0);
  tiers = new Uint8Array(0);
  marks = new Uint8Array(0);

  fit(entries: number): void {
    if (this.hits.length < entries) {
      this.hits = new Int32Array(entries);
      this.tiers = new Uint8Array(entries);
    }
    if (this.marks.length < entries) this.marks = new Uint8Array(entries);
  }
}

/** Buckets hits (matches of q) by tier. */
export function rank(entries: Entry[], { ids: hitIds, exact }: Hits, q: string, scratch: Scratch): Ranked {
  scratch.fit(entries.length);
  const { hits, tiers } = scratch;
  const counts = new Int32Array(TIERS);
  let n = 0;
  for (const i of hitIds) {
    const t = tier(entries[i], q);
    if (t < 0) continue;
    hits[n] = i;
    tiers[n++] = t;
    counts[t]++;
  }
  const starts = new Int32Array(TIERS + 1);
  for (let t = 0; t < TIERS; t++) starts[t + 1] = starts[t] + counts[t];
  const fill = starts.slice(0, TIERS);
  const ids = new Int32Array(n);
  for (let h = 0; h < n; h++) ids[fill[tiers[h]]++] = hits[h];
  return { query: q, ids, exact, starts };
}

/**
 * Entry numbers of one page of the ranking: tier by tier, name order within a tier (position[i] is entry i's
 * place in `order`). A small tier is sorted; a large one is marked on the name order and read off it, stopping
 * as soon as the page is full, so a query matching every item costs a pass over its hits, not a sort of them.
 */
export function pageOf(ranked: Hits, starts: Int32Array, order: readonly number[], position: Int32Array, offset: number, limit: number, scratch: Scratch): number[] {
  const out: number[] = [];
  let skip = offset;
  for (let t = 0; t < TIERS && out.length < limit; t++) {
    const from = starts[t];
    const to = starts[t + 1];
    const size = to - from;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const take = Math.min(limit - out.length, size - skip);
    if (size * Math.log2(size + 1) <= order.length) {
      const tierIds = Array.from(ranked.ids.subarray(from, to)).sort((a, b) => position[a] - position[b]);
      for (let k = skip; k < skip + take; k++) out.push(tierIds[k]);
    } else {
      scratch.fit(order.length);
      const marks = scratch.marks;
      for (let k = from; k < to; k++) marks[position[ranked.ids[k]]] = 1;
      let wanted = take;
      let left = skip;
      for (let pos = 0; pos < order.length && wanted > 0; pos++) {
        if (!marks[pos]) continue;
        if (left > 0) left--;
        else {
          out.push(order[pos]);
          wanted--;
        }
      }
      for (let k = from; k < to; k++) marks[position[ranked.ids[k]]] = 0;
    }
    skip = 0;
  }
  return out;
}

const KEPT = 12;

/**
 * The rankings of the queries just typed, valid for one state of the index (`version`) and one filter (`key`).
 * A query of GRAM or more characters matches exactly the items whose text contains it, so the hits of a query
 * it extends are a complete candidate set; shorter queries match word starts and are not narrowed this way.
 */
export class RankCache {
  private kept: Hits[] = [];
  private version = -1;
  private key = '';

  /** The hits of q itself, or else the smallest cached hit set q narrows (undefined: none). */
  lookup(q: string, key: string, version: number): { exact?: Hits; base?: Int32Array } {
    if (version !== this.version || key !== this.key) {
      this.kept = [];
      this.version = version;
      this.key = key;
      return {};
    }
    let base: Int32Array | undefined;
    for (const r of this.kept) {
      if (r.query === q) return { exact: r };
      if (q.length >= GRAM && r.query.length >= GRAM && q.startsWith(r.query) && (!base || r.ids.length < base.length)) base = r.ids;
    }
    return { base };
  }

  /** Keeps r with the queries it extends or that extend it (Backspace returns to them); drops the rest. */
  store(r: Hits): void {
    const related = this.kept.filter((k) => r.query.startsWith(k.query) || k.query.startsWith(r.query));
    this.kept = [...related.slice(-(KEPT - 1)), r];
  }
}
