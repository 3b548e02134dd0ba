/**
 * The API's only way to the database: CouchDB's HTTP API as the server admin, so the same code runs against
 * the embedded endpoint and an Apache CouchDB 3. It keeps an admin AuthSession cookie (one PBKDF2 check per
 * session instead of one per request) and falls back to Basic auth when the cookie has expired.
 */
import { CouchNodes } from './nodes';

export type CouchAnswer<T = Record<string, unknown>> = { status: number; body: T };
export type UserCtx = { name: string | null; roles: string[] };

export class CouchError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`CouchDB answered ${status}: ${JSON.stringify(body)}`);
  }
}

export class CouchClient {
  private cookie = '';
  /** The database server's address, or the addresses of a cluster's nodes tried in turn (./nodes.ts). */
  readonly nodes: CouchNodes;

  /**
   * `internalToken` (the embedded database only) marks this server's own password checks, so the /db
   * throttle lets them by (server/login/internal.ts); never sent to an external CouchDB.
   */
  constructor(
    base: string | CouchNodes,
    private readonly admin: { name: string; password: string },
    private readonly internalToken?: string,
  ) {
    this.nodes = typeof base === 'string' ? new CouchNodes([base]) : base;
  }

  /** fetch() on the node in use, moving to the next node of a cluster when this one cannot be reached. */
  private fetch(path: string, init?: RequestInit): Promise<Response> {
    return this.nodes.each((base) => fetch(base + path, init));
  }

  private internal(headers: Record<string, string>): Record<string, string> {
    if (this.internalToken) headers['X-Oja-Internal'] = this.internalToken;
    return headers;
  }

  private basic(): string {
    return 'Basic ' + Buffer.from(`${this.admin.name}:${this.admin.password}`).toString('base64');
  }

  /** When a response last renewed the admin cookie; past a second the cookie is checked before use. */
  private freshAt = 0;

  /**
   * An expired cookie makes a request anonymous (403 on admin work, not always 401), so a cookie idle for more
   * than a second is checked with GET /_session (cheap, no password hashing) and renewed when it has lapsed.
   */
  private async ensureSession(): Promise<void> {
    if (this.cookie && Date.now() - this.freshAt < 1000) return;
    if (this.cookie) {
      const res = await this.fetch('/_session', { headers: { Accept: 'application/json', Cookie: `AuthSession=${this.cookie}` } });
      this.remember(res);
      const body = (await res.json().catch(() => ({}))) as { userCtx?: UserCtx };
      if (body.userCtx?.name === this.admin.name) return;
    }
    await this.login();
  }

  /** Whether the admin cookie still signs in as the admin (GET /_session, no password hashing). */
  private async stillAdmin(): Promise<boolean> {
    const res = await this.fetch('/_session', { headers: { Accept: 'application/json', Cookie: `AuthSession=${this.cookie}` } });
    const body = (await res.json().catch(() => ({}))) as { userCtx?: UserCtx };
    return body.userCtx?.name === this.admin.name;
  }

  private remember(res: Response): void {
    const value = /AuthSession=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (value) {
      this.cookie = value;
      this.freshAt = Date.now();
    }
  }

  private async login(): Promise<void> {
    const res = await this.fetch('/_session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: this.basic() },
      body: JSON.stringify({ name: this.admin.name, password: this.admin.password }),
    });
    this.cookie = '';
    this.remember(res);
    await res.arrayBuffer();
  }

  /**
   * One request as admin; answers the status and parsed body (errors are values here, not throws).
   * `passwordOnly` sends the password and no cookie: for creating a database, where a cookie that lapsed on the
   * way made the embedded server's express-pouchdb call a method of its refusal and the whole process stopped.
   */
  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, passwordOnly = false): Promise<CouchAnswer<T>> {
    if (!passwordOnly) await this.ensureSession();
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Accept: 'application/json', Authorization: this.basic() };
      if (this.cookie && !passwordOnly) headers.Cookie = `AuthSession=${this.cookie}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await this.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      this.remember(res);
      const text = await res.text();
      if (res.status === 401 && attempt === 0) {
        // The admin cookie expired: log in again once.
        this.cookie = '';
        await this.login();
        continue;
      }
      // A cookie that lapsed on the way (checked fresh, but the request reached the database after the session's
      // end: a loaded machine, a short SESSION_TIMEOUT) makes the request anonymous, and admin work answers 403
      // ('Only _admin may set roles': a shop's registration failed with a 500). Asked once, only on a 403.
      if (res.status === 403 && attempt === 0 && headers.Cookie && !(await this.stillAdmin())) {
        await this.login();
        continue;
      }
      return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
    }
  }

  /** Like request(), but a status of 400 or more throws CouchError. */
  async ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<T>(method, path, body);
    if (res.status >= 400) throw new CouchError(res.status, res.body);
    return res.body;
  }

  async get<T>(db: string, id: string): Promise<T | undefined> {
    const res = await this.request<T>('GET', `/${enc(db)}/${encodeURIComponent(id)}`);
    if (res.status === 404) return undefined;
    if (res.status >= 400) throw new CouchError(res.status, res.body);
    return res.body;
  }

  put(db: string, doc: { _id: string; [key: string]: unknown }): Promise<{ ok: boolean; id: string; rev: string }> {
    return this.ok('PUT', `/${enc(db)}/${encodeURIComponent(doc._id)}`, doc);
  }

  async bulk(db: string, docs: object[]): Promise<void> {
    const results = await this.ok<{ error?: string; id: string }[]>('POST', `/${enc(db)}/_bulk_docs`, { docs });
    const failed = results.find((r) => r.error);
    if (failed) throw new CouchError(409, failed);
  }

  /** Documents whose ids start with `prefix`. */
  async byPrefix<T>(db: string, prefix: string): Promise<T[]> {
    const q = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}&include_docs=true`;
    const res = await this.ok<{ rows: { doc: T }[] }>('GET', `/${enc(db)}/_all_docs?${q}`);
    return res.rows.map((r) => r.doc);
  }

  /** Creates a database if it is missing (412 means it already exists). */
  async ensureDb(db: string): Promise<void> {
    const res = await this.request('PUT', `/${enc(db)}`, undefined, true);
    if (res.status >= 400 && res.status !== 412) throw new CouchError(res.status, res.body);
  }

  putSecurity(db: string, security: object): Promise<unknown> {
    return this.ok('PUT', `/${enc(db)}/_security`, security);
  }

  /** Who a browser's AuthSession cookie belongs to (name null when it is missing or expired). */
  sessionOf(cookie: string | undefined): Promise<UserCtx> {
    return this.sessionFor({ cookie });
  }

  /** Who a request's cookie or Authorization header belongs to, as the database server answers it. */
  async sessionFor({ cookie, authorization }: { cookie?: string; authorization?: string }): Promise<UserCtx> {
    if (!cookie && !authorization) return { name: null, roles: [] };
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (cookie) headers.Cookie = `AuthSession=${cookie}`;
    if (authorization) headers.Authorization = authorization;
    const res = await this.fetch('/_session', { headers: this.internal(headers) });
    const body = (await res.json().catch(() => ({}))) as { userCtx?: UserCtx };
    return res.ok && body.userCtx ? body.userCtx : { name: null, roles: [] };
  }

  /** True when the name and password are a valid login (used for password changes). */
  async checkPassword(name: string, password: string): Promise<boolean> {
    const res = await this.fetch('/_session', {
      method: 'POST',
      headers: this.internal({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ name, password }),
    });
    await res.arrayBuffer();
    return res.ok;
  }
}

function enc(db: string): string {
  return encodeURIComponent(db);
}
