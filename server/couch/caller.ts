/**
 * Who is calling the /db endpoint and whether they belong to a database: the caller's session as the database
 * server itself answers it (GET /_session with the caller's own cookie or credentials), and the database's
 * _security object read as admin. Both are asked over CouchDB's HTTP API, so the same check stands in front
 * of the embedded database and of COUCH_URL. Answers are kept a few seconds to spare the round trips of sync.
 */
import type express from 'express';
import type { CouchClient, UserCtx } from './client';
import { cutoffsOf } from './session-cutoff';

type Security = { admins?: { names?: string[]; roles?: string[] }; members?: { names?: string[]; roles?: string[] } };

const SESSION_TTL_MS = 3000;
const SECURITY_TTL_MS = 60000;
const MAX_ENTRIES = 5000;

class TtlCache<T> {
  private entries = new Map<string, { value: T; until: number }>();
  constructor(private readonly ttl: number) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }
  set(key: string, value: T): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + this.ttl });
  }
}

export class Callers {
  private sessions = new TtlCache<UserCtx>(SESSION_TTL_MS);
  private security = new TtlCache<Security>(SECURITY_TTL_MS);

  /** `couch` is read at request time: the admin client exists once the server listens. */
  constructor(private readonly couch: () => CouchClient) {}

  /**
   * The caller's userCtx (name null when the cookie or credentials are missing, wrong or expired, or the cookie
   * was issued before its user's session cut-off: a revoked device, ./session-cutoff.ts).
   */
  async of(req: express.Request): Promise<UserCtx> {
    const cookie = /(?:^|;\s*)AuthSession=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const authorization = req.headers.authorization;
    if (!cookie && !authorization) return { name: null, roles: [] };
    const key = `${cookie ?? ''}\n${authorization ?? ''}`;
    let ctx = this.sessions.get(key);
    if (!ctx) {
      ctx = await this.couch().sessionFor({ cookie, authorization });
      if (ctx.name) this.sessions.set(key, ctx);
    }
    // Checked on every request, not cached with the session: a revoke applies to the very next request.
    if (!(await cutoffsOf(this.couch()).admits(cookie, ctx))) return { name: null, roles: [] };
    return ctx;
  }

  /**
   * True when the caller is listed in the database's _security (by name or role, as member or admin). An
   * empty members list does NOT make a business database public here, unlike CouchDB: nobody is admitted.
   */
  async isMember(db: string, ctx: UserCtx): Promise<boolean> {
    if (!ctx.name) return false;
    if (ctx.roles.includes('_admin')) return true;
    let security = this.security.get(db);
    if (!security) {
      const res = await this.couch().request<Security>('GET', `/${encodeURIComponent(db)}/_security`);
      if (res.status >= 300) return false;
      security = res.body;
      this.security.set(db, security);
    }
    const listed = (group?: { names?: string[]; roles?: string[] }) =>
      !!group && ((group.names ?? []).includes(ctx.name!) || (group.roles ?? []).some((r) => ctx.roles.includes(r)));
    return listed(security.members) || listed(security.admins);
  }
}
