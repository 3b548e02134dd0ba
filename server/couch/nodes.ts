/**
 * Several addresses of one CouchDB cluster (COUCH_URL=http://admin:pw@node1:5984,http://node2:5984,…), tried in
 * turn: requests go to the first address until it cannot be reached (refused, reset, no route: the node is down),
 * then to the next, and stay there. A node that answers, even with an error, is up: only a failed connection
 * moves on. Losing the node Oja talks to is then no outage while another node of the cluster answers. One address
 * (the usual case, and the embedded endpoint) behaves exactly as before.
 */
export class CouchNodes {
  private current = 0;

  constructor(readonly urls: readonly string[]) {
    if (!urls.length) throw new Error('CouchNodes needs at least one address');
  }

  /** The address requests go to now. */
  get url(): string {
    return this.urls[this.current];
  }

  /**
   * Runs `attempt` against the current address, and on a connection failure against each other address once,
   * starting from the next. What `attempt` answers (or a non-connection error) is final.
   */
  async each<T>(attempt: (base: string) => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (let i = 0; i < this.urls.length; i++) {
      const index = (this.current + i) % this.urls.length;
      try {
        const answer = await attempt(this.urls[index]);
        if (index !== this.current) {
          console.error(`CouchDB at ${this.urls[this.current]} cannot be reached: using ${this.urls[index]}`);
          this.current = index;
        }
        return answer;
      } catch (err) {
        if (!isConnectionFailure(err)) throw err;
        lastError = err;
      }
    }
    throw lastError;
  }
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** A request that never got an answer because the node is not there (fetch wraps the cause; node:http does not). */
export function isConnectionFailure(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return !!e && (CONNECTION_CODES.has(e.code ?? '') || CONNECTION_CODES.has(e.cause?.code ?? ''));
}
