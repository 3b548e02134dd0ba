/**
 * How far the item index has read its database's changes, and its start-up phases. Callers wait for a sequence
 * through `reach` instead of polling: each poll was a turn of the worker's event loop in which a background
 * postings slice could run first, so a first store page at 50,000 items waited for several of them.
 */
export class FeedPosition {
  /** The highest sequence handled. */
  seen = 0;
  private readonly waiters: { target: number; resolve: () => void }[] = [];
  private readonly born = performance.now();
  private readonly marks: [string, number][] = [];

  /** A change at `seq` is in. */
  advance(seq: number): void {
    this.seen = Math.max(this.seen, seq);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.seen < this.waiters[i].target) continue;
      this.waiters[i].resolve();
      this.waiters.splice(i, 1);
    }
  }

  /** Resolves once `target` is in, or after `giveUpMs` (a screen answers with what is indexed rather than hang). */
  reach(target: number, giveUpMs: number): Promise<void> {
    if (this.seen >= target) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = { target, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve();
      }, giveUpMs);
      this.waiters.push(waiter);
    });
  }

  mark(phase: string): void {
    this.marks.push([phase, Math.round(performance.now() - this.born)]);
  }

  /** Milliseconds from the index's creation to each start-up phase (diagnostics and the benchmark). */
  phases(): [string, number][] {
    return this.marks;
  }
}
