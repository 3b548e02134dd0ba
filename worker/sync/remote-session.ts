/**
 * The sign-in with the database server that sync rides on. In the browser the AuthSession cookie lives in
 * the browser's jar (HttpOnly; fetch sends it with credentials 'include'); in Node (tests, tools) this class
 * keeps it itself and adds it to each request. Credentials stay in this object's memory only: this device's
 * credential (POST /api/device-session renews the cookie with it: docs/architecture.md, 'Device credentials'),
 * or a password when the server gave the device none.
 */
import { DEVICE_HEADER, type DeviceCredential } from '../../commands/devices';
import { LOGIN_PREFIX } from '../../commands/session';

export type SessionCredentials = { password?: string; device?: DeviceCredential };

export class LoginRefused extends Error {
  constructor(readonly status: number) {
    super(`login refused (${status})`);
  }
}

export class RemoteSession {
  private cookie = '';

  private password: string | undefined;
  private device: DeviceCredential | undefined;

  constructor(
    readonly remote: string,
    readonly username: string,
    credentials: SessionCredentials = {},
  ) {
    this.update(credentials);
  }

  get canLogin(): boolean {
    return Boolean(this.password || this.device);
  }

  /** Keeps the newer password and credential when the same user signs in or unlocks again. */
  update({ password, device }: SessionCredentials): void {
    if (password) this.password = password;
    if (device?.device && device.secret) this.device = device;
  }

  private remember(res: Response): void {
    const set = res.headers.get('set-cookie');
    const value = set ? /AuthSession=([^;]*)/.exec(set)?.[1] : undefined;
    if (value !== undefined) this.cookie = value;
  }

  /**
   * A new session: with the device credential when there is one, else (or when the server no longer knows
   * the credential) POST /_session with the password. Throws LoginRefused on 401/403 (revoked, disabled,
   * wrong), a TypeError when offline.
   */
  async login(): Promise<void> {
    if (this.device) {
      try {
        return await this.renew(this.device);
      } catch (e) {
        if (!(e instanceof LoginRefused) || !this.password) throw e;
      }
    }
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

  /** POST /api/device-session: the server sets the user's AuthSession cookie for a known, unrevoked device. */
  private async renew(device: DeviceCredential): Promise<void> {
    const res = await fetch(this.remote.replace(/\/db$/, '/api') + '/device-session', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username: this.username, device: device.device, secret: device.secret }),
    });
    this.remember(res);
    await res.arrayBuffer();
    if (res.status === 401 || res.status === 403) throw new LoginRefused(res.status);
    if (!res.ok) throw new Error(`device session failed with ${res.status}`);
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
    // Names the device (not a secret) so the owner's device list can say when it last synced.
    if (this.device) headers.set(DEVICE_HEADER, this.device.device);
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
