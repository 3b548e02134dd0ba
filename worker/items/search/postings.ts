/**
 * The item index's substring lookups: trigram postings for queries of three or more characters, one- and
 * two-letter word-start postings for shorter ones. Filling them is most of a cold start's work and the first
 * store page (empty query) needs none of them, so the index adds entries in idle slices (fillInBackground) and a
 * lookup tests the entries not in yet directly (far cheaper than indexing them: a keystroke right after a
 * 50,000-item import once waited 0.7-2.4 s for that). Entries are only ever appended, so the lists stay in entry
 * order whichever way an entry got in; removed entries stay listed and are skipped by liveness when matching.
 */
import { GRAM, grams, shortPrefixes, startsAWord } from './text';

/** Milliseconds of indexing per background slice: a command arriving meanwhile waits about this long at most. */
const SLICE_MS = 8;
/** Entries indexed between two looks at the clock. */
const CLOCK_EVERY = 64;

export class Postings {
  private readonly trigrams = new Map<string, number[]>();
  private readonly short = new Map<string, number[]>();
  /** Entries below this number are in the postings. */
  private indexed = 0;
  private filling = false;

  /**
   * Fills the postings a slice at a time between commands, so a command arriving meanwhile waits for one slice
   * at most (`hays` is the index's entry list, which only grows). Called again whenever entries arrive: a fill
   * that had finished starts over from the first entry not in (an import or a replication after start-up
   * adds thousands, which were once left for the next keystroke to index in one go).
   */
  fillInBackground(hays: { hay: string }[], stop: () => boolean): void {
    if (this.filling || this.indexed >= hays.length) return;
    this.filling = true;
    const next = () => {
      if (!stop() && this.addSlice(hays)) setTimeout(next, 0);
      else this.filling = false;
    };
    setTimeout(next, 0);
  }

  /** Adds entries for about SLICE_MS; answers whether entries are still left out. */
  addSlice(hays: { hay: string }[], now: () => number = () => performance.now()): boolean {
    const until = now() + SLICE_MS;
    do this.add(hays, Math.min(hays.length, this.indexed + CLOCK_EVERY));
    while (this.indexed < hays.length && now() < until);
    return this.indexed < hays.length;
  }

  /** Entries not in the postings yet (tests and diagnostics). */
  behind(hays: { hay: string }[]): number {
    return hays.length - this.indexed;
  }

  /**
   * Entries that may match q: the short-prefix list, or the smallest trigram list, plus the entries not in the
   * postings yet that match (tested one by one, in entry order, as their lists would hold them).
   */
  candidates(q: string, hays: { hay: string }[]): number[] {
    const listed = this.listed(q);
    if (this.indexed >= hays.length) return listed;
    const out = listed.slice();
    const short = q.length < GRAM;
    for (let i = this.indexed; i < hays.length; i++) {
      const hay = hays[i].hay;
      if (short ? startsAWord(hay, q) : hay.includes(q)) out.push(i);
    }
    return out;
  }

  /** The postings' own candidates for q. */
  private listed(q: string): number[] {
    if (q.length < GRAM) return this.short.get(q) ?? [];
    let smallest: number[] | undefined;
    for (const g of grams(q)) {
      const list = this.trigrams.get(g);
      if (!list) return [];
      if (!smallest || list.length < smallest.length) smallest = list;
    }
    return smallest ?? [];
  }

  /** Adds entries indexed..upTo-1; `hays[i]` is entry i's haystack. */
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
