/**
 * The names the server knows for its users (their login records, server/api/directory.ts): what a stamp a
 * member writes shows, whatever the document said (./gate.ts writes it in), and who an audit entry the gate
 * writes names. Names do not change once a login is made; kept a few minutes, bounded.
 */
import type { CouchClient } from './client';
import { getLogin } from '../api/directory';

const TTL_MS = 5 * 60_000;
const MAX_NAMES = 5000;

export class KnownNames {
  private entries = new Map<string, { name: Promise<string | undefined>; until: number }>();
  constructor(private readonly couch: () => CouchClient) {}

  /** The full name of `username` (without the login prefix), or undefined when the server has none. */
  of(username: string): Promise<string | undefined> {
    const hit = this.entries.get(username);
    if (hit && hit.until > Date.now()) return hit.name;
    if (this.entries.size >= MAX_NAMES) this.entries.clear();
    const name = getLogin(this.couch(), username).then((login) => login?.full_name || undefined);
    name.catch(() => this.entries.delete(username));
    this.entries.set(username, { name, until: Date.now() + TTL_MS });
    return name;
  }
}
