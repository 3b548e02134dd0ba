/**
 * Server settings from the environment, plus the two secrets that must survive a restart (the database
 * admin's password and the session-cookie secret), kept in files inside DATA_DIR readable by this user only
 * (./data-dir.ts: the folder 0700, its files 0600).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keepDataPrivate, PRIVATE_FILE_MODE } from './data-dir';
import { DEFAULT_HTTP_BODY } from './sms/http-provider';
import type { SmsProviderConfig } from './sms/provider';
import { throttleSettings, type ThrottleSettings } from './login/throttle';

export type Settings = {
  port: number;
  host: string;
  dataDir: string;
  /** Name and password of the database server admin the API uses. */
  adminName: string;
  adminPassword: string;
  /** Session cookie secret of the embedded database (unused with COUCH_URL). */
  sessionSecret: string;
  /**
   * The cookie secret of the CouchDB behind COUCH_URL (its chttpd_auth/secret), for renewing device sessions;
   * empty: read from that CouchDB's configuration as admin.
   */
  couchSessionSecret: string;
  /** Seconds an AuthSession cookie lives without use (CouchDB's couch_httpd_auth/timeout). */
  sessionTimeout: number;
  /** PBKDF2 iterations for new or changed passwords (CouchDB's default of 10 is far too weak). */
  iterations: number;
  /** Whether PBKDF2_ITERATIONS was given: on CouchDB only then is its own hashing cost (600,000) changed. */
  iterationsGiven: boolean;
  /** External Apache CouchDB 3 (e.g. http://127.0.0.1:5984); empty means the embedded one. */
  couchUrl: string;
  /** COUCH_URL's addresses: one, or a cluster's nodes tried in turn (./couch/nodes.ts). */
  couchUrls: string[];
  /** New businesses one client address may register per hour (server/api/registration-limit.ts); 0: no limit. */
  registrationsPerHour: number;
  /** Which payment provider verifies card payments: 'none' (refuses) or 'fake' (tests and demos). */
  paymentProvider: string;
  /**
   * Databases the embedded server keeps open at most while none of them is in use (OPEN_DATABASES_MAX,
   * default 200: about 100 kB each; server/couch/open-dbs.ts). Unused with COUCH_URL (CouchDB's max_dbs_open).
   */
  openDatabases: number;
  /** The password-guessing throttle: LOGIN_MAX_FAILURES and the other LOGIN_* settings (server/login/throttle.ts). */
  login: ThrottleSettings;
  /** The SMS dispatcher: its provider and retry rules (server/sms/). */
  sms: {
    provider: SmsProviderConfig;
    /** Names this dispatcher in claims and checkpoints; stable across restarts (kept in DATA_DIR). */
    dispatcherId: string;
    maxAttempts: number;
    retryMs: number;
    leaseMs: number;
  };
};

/** Reads a secret file, or creates it with a fresh random value (mode 0600). */
function persistedSecret(file: string, given: string | undefined, bytes: number): string {
  if (given) return given;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(bytes).toString('base64url');
  writeFileSync(file, value + '\n', { mode: PRIVATE_FILE_MODE });
  return value;
}

/** A whole-number setting of at least 0; anything else stops the start with a message naming it. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const given = env[name];
  if (given === undefined || given === '') return fallback;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of at least 0 (it is ${JSON.stringify(given)})`);
  return n;
}

/**
 * COUCH_URL as the operator gives it, `http://NAME:PASSWORD@HOST:PORT` (the one documented way to name the CouchDB
 * admin), split into the addresses Oja sends requests to (fetch refuses URLs with credentials) and the admin. A
 * cluster's nodes may be listed, separated by commas (`http://admin:pw@node1:5984,http://node2:5984`): they are
 * tried in turn (server/couch/nodes.ts); the admin is named once. ADMIN_NAME/ADMIN_PASSWORD still work for a
 * COUCH_URL without credentials; given both ways and different, the start stops rather than guess which is right.
 */
export function couchAddress(env: NodeJS.ProcessEnv): { url: string; urls: string[]; name?: string; password?: string } {
  const given = (env.COUCH_URL ?? '').split(/[\s,]+/).filter(Boolean);
  if (!given.length) return { url: '', urls: [] };
  let name = '', password = '';
  const urls = given.map((one) => {
    let parsed: URL;
    try {
      parsed = new URL(one);
    } catch {
      throw new Error('COUCH_URL is not a URL (expected http://NAME:PASSWORD@HOST:PORT)');
    }
    const [n, p] = [decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)];
    if (n && name && (n !== name || (p && p !== password))) throw new Error('COUCH_URL names two different admins: name the admin once');
    if (n && !name) [name, password] = [n, p];
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/+$/, '');
  });
  if (!name) return { url: urls[0], urls };
  if (env.ADMIN_NAME && env.ADMIN_NAME !== name) throw new Error('COUCH_URL names another admin than ADMIN_NAME: give the admin one way');
  if (env.ADMIN_PASSWORD && password && env.ADMIN_PASSWORD !== password) throw new Error('COUCH_URL has another password than ADMIN_PASSWORD: give the admin one way');
  return { url: urls[0], urls, name, password: password || undefined };
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const dataDir = resolve(env.DATA_DIR || './data');
  // Before any secret is read or written (./data-dir.ts).
  keepDataPrivate(dataDir);
  const couch = couchAddress(env);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    adminName: couch.name || env.ADMIN_NAME || 'admin',
    adminPassword: persistedSecret(join(dataDir, 'admin-password'), couch.password || env.ADMIN_PASSWORD, 24),
    sessionSecret: persistedSecret(join(dataDir, 'session-secret'), env.SESSION_SECRET, 32),
    couchSessionSecret: env.COUCH_SESSION_SECRET ?? '',
    sessionTimeout: Number(env.SESSION_TIMEOUT ?? 600),
    iterations: Number(env.PBKDF2_ITERATIONS ?? 100000),
    iterationsGiven: (env.PBKDF2_ITERATIONS ?? '') !== '',
    couchUrl: couch.url,
    couchUrls: couch.urls,
    registrationsPerHour: wholeNumber(env, 'REGISTRATIONS_PER_HOUR', 20),
    paymentProvider: env.PAYMENT_PROVIDER || 'none',
    openDatabases: Math.max(1, wholeNumber(env, 'OPEN_DATABASES_MAX', 200)),
    login: throttleSettings(env),
    sms: {
      provider: {
        name: env.SMS_PROVIDER || 'log',
        fakeLog: env.SMS_FAKE_LOG,
        http: {
          url: env.SMS_HTTP_URL ?? '',
          method: (env.SMS_HTTP_METHOD || 'POST').toUpperCase(),
          auth: env.SMS_HTTP_AUTH ?? '',
          body: env.SMS_HTTP_BODY || DEFAULT_HTTP_BODY,
          idPath: env.SMS_HTTP_ID_PATH || 'message_id',
          timeoutMs: Number(env.SMS_HTTP_TIMEOUT_MS ?? 30000),
        },
      },
      dispatcherId: persistedSecret(join(dataDir, 'sms-dispatcher-id'), env.SMS_DISPATCHER_ID, 6),
      maxAttempts: Number(env.SMS_MAX_ATTEMPTS ?? 5),
      retryMs: Number(env.SMS_RETRY_MS ?? 30000),
      leaseMs: Number(env.SMS_CLAIM_LEASE_MS ?? 600000),
    },
  };
}
