/** Real-HTTP helpers for server tests: a started server (as the browser tests start it) and cookie clients. */
import { rmSync } from 'node:fs';
import { startServer, type TestServer } from '../e2e/harness';
import type { SessionUser } from '../../commands/session';
import { REGISTRATION } from '../support/fixtures';

export type Answer = { status: number; body: any };

/**
 * The statuses of a saved write on either engine: a deletion by PUT with `_deleted` is 201 on the embedded server
 * and 200 on Apache CouchDB (both mean saved; PouchDB reads either).
 */
export const SAVED = [200, 201];

/** A client with its own AuthSession cookie, like one browser. */
export class Client {
  cookie = '';
  private credentials: { username: string; password: string } | null = null;
  constructor(readonly base: string) {}

  /** Like a person signing in again: with a short SESSION_TIMEOUT, a 401 logs in once more and retries. */
  async call(method: string, path: string, body?: unknown, form = false): Promise<Answer> {
    const answer = await this.once(method, path, body, form);
    if (answer.status !== 401 || !this.credentials || path === '/db/_session') return answer;
    await this.login(this.credentials.username, this.credentials.password);
    return this.once(method, path, body, form);
  }

  private async once(method: string, path: string, body?: unknown, form = false): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookie) headers.Cookie = `AuthSession=${this.cookie}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      payload = form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    }
    const res = await fetch(this.base + path, { method, headers, body: payload });
    const cookie = /AuthSession=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (cookie !== undefined) this.cookie = cookie;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }

  login(username: string, password: string): Promise<Answer> {
    this.credentials = { username, password };
    return this.once('POST', '/db/_session', { name: `v2_${username}`, password });
  }
}

/**
 * Registers a business through the API and answers its id, owner username, a signed-in owner client and the
 * owner as the app signs them in on a device (`user`, for the page driver of the browser tests).
 */
export async function registerBusiness(server: TestServer, fields: Partial<typeof REGISTRATION> = {}) {
  const owner = new Client(server.url);
  const res = await owner.call('POST', '/api/create-business/', { ...REGISTRATION, ...fields }, true);
  if (res.status !== 201) throw new Error(`create-business: ${res.status} ${JSON.stringify(res.body)}`);
  const login = await owner.login(res.body.username, fields.password ?? REGISTRATION.password);
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const id = res.body.id as string, username = res.body.username as string;
  const user: SessionUser = { username, fullname: fields.owner ?? REGISTRATION.owner, level: 0, business: id, businessName: fields.name ?? REGISTRATION.name, policyPrefix: 'A' };
  return { id, username, owner, user };
}

/**
 * Adds a staff member of `level` to the business through the API (email from the first name, password
 * 'staffpass') and signs them in; throws, with the server's answer, when either is refused.
 */
export async function addStaff(owner: Client, business: string, fullName: string, level: number): Promise<{ client: Client; username: string }> {
  const first = fullName.split(' ')[0].toLowerCase();
  const res = await owner.call('POST', `/api/users/${business}`, { full_name: fullName, email: `${first}@example.com`, phone_number: '08099999999', password: 'staffpass', role: JSON.stringify({ level }) }, true);
  if (res.status !== 201) throw new Error(`add staff ${fullName}: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(owner.base);
  const login = await client.login(res.body.username, 'staffpass');
  if (login.status !== 200) throw new Error(`login of ${fullName}: ${login.status}`);
  return { client, username: res.body.username as string };
}

export async function freshServer(env: Record<string, string> = {}) {
  const server = await startServer({ PAYMENT_PROVIDER: 'fake', ...env });
  return {
    server,
    async stop() {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}
