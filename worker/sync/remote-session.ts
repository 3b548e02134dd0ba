/**
 * The sign-in with the database server that sync rides on. In the browser the AuthSession cookie lives in
 * the browser's jar (HttpOnly; fetch sends it with credentials 'include'); in Node (tests, tools) this class
 * keeps it itself and adds it to each request. Credentials stay in this object's memory only.
 */
import { LOGIN_PREFIX } from '../../commands/session';

export class LoginRefused extends Error {
  constructor(readonly status: number) {
    super(`login refused (${status})`);
  }
}

export class RemoteSession {
  private cookie = '';

  constructor(
    readonly remote: string,
    readonly username: string,
    private password: string | undefined,
  ) {}

  get canLogin(): boolean {
    return Boolean(this.password);
  }

  /** Keeps the newer password when the same user signs in again. */
  update(password: string | undefined): void {
    if (password) this.password = password;
  }

  private remember(res: Response): void {
    const set = res.headers.get('set-cookie');
    const value = set ? /AuthSession=([^;]*)/.exec(set)?.[1] : undefined;
    if (value !== undefined) this.cookie = value;
  }

  /** POST /_session with the stored password; throws LoginRefused on 401/403, a TypeError when offline. */
  async login(): Promise<void> {
    if (!this.password) throw new LoginRefused(401);
    const res = await fetch(this.remote + '/_session', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name: LOGIN_PREFIX + this.username, password: this.password }),
    });
    this.remember(res);
    await res.arrayBuffer();
    if (res.status === 401 || res.status === 403) throw new LoginRefused(res.status);
    if (!res.ok) throw new Error(`login failed with ${res.status}`);
  }

  /**
   * True when the current cookie belongs to this user. GET /_session answers 200 either way, so asking does
   * not fill the console with 401s when a reloaded page has no session any more.
   */
  async hasSession(): Promise<boolean> {
    const res = await this.fetch(this.remote + '/_session', { headers: { Accept: 'application/json' } });
    // A server in trouble (or a proxy without it) says nothing about the credentials: not a sign-out.
    if (res.status >= 500) throw new Error(`the server answered ${res.status}`);
    const body = (await res.json().catch(() => ({}))) as { userCtx?: { name?: string | null } };
    return body.userCtx?.name === LOGIN_PREFIX + this.username;
  }

  /** The fetch handed to PouchDB's http adapter for the remote databases. */
  readonly fetch = async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers();
    const given = init.headers as Headers | Record<string, string> | undefined;
    if (given && typeof (given as Headers).forEach === 'function') (given as Headers).forEach((v, k) => headers.set(k, v));
    else if (given) for (const [k, v] of Object.entries(given)) headers.set(k, v);
    if (this.cookie) headers.set('Cookie', `AuthSession=${this.cookie}`);
    const send = () => fetch(url, { ...init, headers, credentials: 'include' });
    const res = await send().catch((e: unknown) => {
      // A kept-alive connection the server closed as idle just as this request went out ('other side closed'
      // in Node's fetch). A read is safe to send again once; anything else is the caller's to handle. It
      // matters beyond the one request: PouchDB's pull asks the source's info() after each batch without
      // handling a failure, an unhandled rejection that ends a Node process.
      const method = (init.method ?? (url instanceof Request ? url.method : 'GET')).toUpperCase();
      if (isClosedSocket(e) && (method === 'GET' || method === 'HEAD')) return send();
      throw e;
    });
    this.remember(res);
    return res;
  };
}

/** Node's fetch (undici) failing on a connection the other side closed before answering. */
function isClosedSocket(e: unknown): boolean {
  const cause = (e as { cause?: { code?: string } } | undefined)?.cause;
  return e instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}
