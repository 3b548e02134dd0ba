/**
 * Issuing a user's AuthSession cookie without their password, for a device that proved its credential
 * (./devices.ts). CouchDB's cookie is base64url('name:HEXSECONDS:' + HMAC-SHA1(secret + user's salt,
 * 'name:HEXSECONDS')): the server that knows the cookie secret and reads the user's salt (admin) makes the very
 * cookie a password sign-in gets, so the guard, validate_doc_update and CouchDB's own refresh treat it alike.
 * The embedded database's secret is the server's own (DATA_DIR/session-secret); for an Apache CouchDB behind
 * COUCH_URL it is COUCH_SESSION_SECRET, or else read once from the CouchDB's configuration as admin
 * (chttpd_auth/secret, then couch_httpd_auth/secret). A cookie is tied to the salt, so a password change or a
 * disabled account (a new salt) ends it as it ends a password session.
 */
import { createHmac } from 'node:crypto';
import type { CouchClient } from '../couch/client';
import { DEVICE_MESSAGES } from '../../commands/devices';
import { ApiError } from './http';

export function sessionCookie(name: string, salt: string, secret: string, seconds: number): string {
  const data = `${name}:${seconds.toString(16).toUpperCase()}`;
  const mac = createHmac('sha1', secret + salt).update(data).digest().toString('latin1');
  return Buffer.from(`${data}:${mac}`, 'latin1').toString('base64url');
}

/**
 * A cookie for `name`, checked with the database before it is handed out: a cookie signed with another secret
 * than the database's (a wrong COUCH_SESSION_SECRET) is dead on arrival, and a till given one would think itself
 * signed in and sync nothing. Said loudly in the log, and refused to the caller with the reason.
 */
export async function checkedSessionCookie(couch: CouchClient, name: string, salt: string, secret: string, seconds: number): Promise<string> {
  const cookie = sessionCookie(name, salt, secret, seconds);
  const ctx = await couch.sessionOf(cookie);
  if (ctx.name === name) return cookie;
  console.error(`A device session cookie for ${name} was refused by the database: COUCH_SESSION_SECRET is not the database's [chttpd_auth] secret. Devices cannot renew their sessions until it is.`);
  throw new ApiError(503, 'not-configured', DEVICE_MESSAGES.secretWrong);
}

/** The cookie secret of the database server: given (embedded, COUCH_SESSION_SECRET) or asked of CouchDB once. */
export function sessionSecret(couch: () => CouchClient, given: string | undefined): () => Promise<string | undefined> {
  let asked: Promise<string | undefined> | undefined;
  return () => {
    if (given) return Promise.resolve(given);
    asked ??= (async () => {
      for (const path of ['/_node/_local/_config/chttpd_auth/secret', '/_node/_local/_config/couch_httpd_auth/secret']) {
        const res = await couch().request<unknown>('GET', path).catch(() => undefined);
        if (res && res.status === 200 && typeof res.body === 'string' && res.body) return res.body;
      }
      return undefined;
    })();
    // Not remembered when missing: an operator may set it in CouchDB and expect the next renewal to work.
    return asked.then((secret) => {
      if (!secret) asked = undefined;
      return secret;
    });
  };
}
