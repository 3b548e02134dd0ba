/**
 * Which items match a query, at the least cost per item: liveness and exact codes are kept outside the entry
 * objects, and names starting with the query are one run of the name order, so most hits of a broad query are
 * known without reading their entry at all.
 */
import { GRAM } from './text';
import type { Entry, Hits, Scratch } from './rank';

/** Which entries are alive, and the entries by lowercased id and barcode (exact codes: tier 0). */
export class Live {
  alive = new Uint8Array(1024);
  private readonly codes = new Map<string, number[]>();

  add(i: number, e: Entry): void {
    if (i >= this.alive.length) {
      const grown = new Uint8Array(Math.max(i + 1, this.alive.length * 2));
      grown.set(this.alive);
      this.alive = grown;
    }
    this.alive[i] = 1;
    for (const code of [e.id, e.code]) {
      if (!code) continue;
      const list = this.codes.get(code);
      if (list) list.push(i);
      else this.codes.set(code, [i]);
    }
  }

  drop(i: number, e: Entry): void {
    this.alive[i] = 0;
    for (const code of [e.id, e.code]) {
      const rest = this.codes.get(code)?.filter((j) => j !== i);
      if (rest?.length) this.codes.set(code, rest);
      else this.codes.delete(code);
    }
  }

  code(q: string): readonly number[] {
    return this.codes.get(q) ?? [];
  }
}

/** Places from..to-1 of the name order: the names starting with q. */
export type Run = { from: number; to: number };

function firstFrom(entries: Entry[], order: readonly number[], below: (name: string) => boolean): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(entries[order[mid]].name)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run of names starting with q (order is sorted by name, so they are together). */
export function nameRun(entries: Entry[], order: readonly number[], q: string): Run {
  return {
    from: firstFrom(entries, order, (name) => name < q),
    to: firstFrom(entries, order, (name) => name < q || name.startsWith(q)),
  };
}

/**
 * The candidates (entry numbers, each at most once) that are alive, that `keep` accepts (none: all) and q
 * matches. A query of GRAM or more characters matches exactly the items whose text contains it, and a name in
 * the run (its place is `position`) does; a shorter query's candidates (its word-start list) all match.
 */
export function collect(entries: Entry[], live: Live, candidates: ArrayLike<number>, q: string, keep: ((e: Entry) => boolean) | undefined, position: Int32Array, run: Run, scratch: Scratch): Hits {
  scratch.fit(entries.length);
  const hits = scratch.hits;
  const alive = live.alive;
  const long = q.length >= GRAM;
  let n = 0;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    if (!alive[i]) continue;
    if (!keep) {
      const at = position[i];
      if (!long || (at >= run.from && at < run.to)) {
        hits[n++] = i;
        continue;
      }
    }
    const e = entries[i];
    if ((!keep || keep(e)) && (!long || e.hay.includes(q))) hits[n++] = i;
  }
  // An exact code is in its item's text (a word of it), so its item is among the candidates.
  const exact = live.code(q).filter((i) => alive[i] && (!keep || keep(entries[i])));
  return { query: q, ids: hits.slice(0, n), exact };
}
