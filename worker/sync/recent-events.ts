/**
 * The last replication events of a business's sync, for sync-status: what support (and a test that waited in
 * vain) reads to learn why sync did not settle. 'HH:mm:ss.SSS database event (status name message)'.
 */
const KEPT = 30;

export class RecentEvents {
  private readonly lines: string[] = [];

  note(kind: string, event: string, err?: unknown): void {
    const e = err as { status?: number; name?: string; message?: string } | undefined;
    const why = e ? ` (${[e.status, e.name, e.message].filter((x) => x !== undefined).join(' ')})` : '';
    this.lines.push(`${new Date().toISOString().slice(11, 23)} ${kind} ${event}${why}`);
    if (this.lines.length > KEPT) this.lines.shift();
  }

  list(): string[] {
    return [...this.lines];
  }
}
