/**
 * The item index's substring lookups: trigram postings for queries of three or more characters, one- and
 * two-letter word-start postings for shorter ones. Filling them is most of a cold start's work and the first
 * store page (empty query) needs none of them, so the index adds entries in idle slices (addSlice) and a lookup
 * first catches up on whatever is not in yet. Entries are only ever appended, so the lists stay in entry order
 * whichever way an entry got in; removed entries stay listed and are skipped by liveness when matching.
 */
import { GRAM, grams, shortPrefixes } from './text';

/** Entries indexed per background slice: a few milliseconds each. */
const INDEX_SLICE = 2000;

export class Postings {
  private readonly trigrams = new Map<string, number[]>();
  private readonly short = new Map<string, number[]>();
  /** Entries below this number are in the postings. */
  private indexed = 0;
  private filling = false;

  /** Adds entries indexed..hays.length-1; `hays[i]` is entry i's haystack. */
  catchUp(hays: { hay: string }[]): void {
    this.add(hays, hays.length);
  }

  /**
   * Fills the postings a slice at a time between commands, so a command arriving meanwhile waits for one slice
   * at most; once per index (`hays` is its live entry list, which only grows).
   */
  fillInBackground(hays: { hay: string }[], stop: () => boolean): void {
    if (this.filling) return;
    this.filling = true;
    const next = () => {
      if (!stop() && this.addSlice(hays)) setTimeout(next, 0);
    };
    setTimeout(next, 0);
  }

  /** Adds the next slice; answers whether entries are still left out. */
  addSlice(hays: { hay: string }[]): boolean {
    this.add(hays, Math.min(hays.length, this.indexed + INDEX_SLICE));
    return this.indexed < hays.length;
  }

  /** Entries that may match q (after catching up): the short-prefix list, or the smallest trigram list. */
  candidates(q: string, hays: { hay: string }[]): number[] {
    this.catchUp(hays);
    if (q.length < GRAM) return this.short.get(q) ?? [];
    let smallest: number[] | undefined;
    for (const g of grams(q)) {
      const list = this.trigrams.get(g);
      if (!list) return [];
      if (!smallest || list.length < smallest.length) smallest = list;
    }
    return smallest ?? [];
  }

  private add(hays: { hay: string }[], upTo: number): void {
    for (let i = this.indexed; i < upTo; i++) {
      const hay = hays[i].hay;
      for (const g of grams(hay)) push(this.trigrams, g, i);
      for (const p of shortPrefixes(hay)) push(this.short, p, i);
    }
    this.indexed = Math.max(this.indexed, upTo);
  }
}

function push(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}
