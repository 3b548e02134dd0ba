/**
 * Device credentials (docs/architecture.md, 'Device credentials'): a till renews its own session with the server
 * after a restart or days offline, without keeping the password, until the owner revokes it or disables its user.
 *   POST /api/devices                             { password, label? }, signed in: answers 201 { device, secret,
 *                                                 label } once; the directory keeps only SHA-256 of the secret
 *   POST /api/device-session                      { username, device, secret }: sets the user's AuthSession
 *                                                 cookie (./session-cookie.ts); 401 { error: unknown | revoked |
 *                                                 disabled } when the device needs the password again
 *   GET  /api/devices/{business}                  the owner's list (level 0; a branch's by its parent's owner)
 *   POST /api/devices/{business}/{device}/revoke  the owner signs a device out: its renewals are refused and the
 *                                                 cookies its user held stop at once (../couch/session-cutoff.ts)
 *   POST /api/device-session/end                  { username, device, secret }: a device logging out ends its own
 *                                                 credential (its cookie ends with DELETE /_session; no cut-off)
 * Issuing asks for the password again, not only a session: a cookie (or a credential that renewed one) must not
 * be able to mint further credentials that would outlive revoking it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { writeServerAudit } from './audit-entry';
import { DEVICE_MESSAGES, DEVICE_REFUSALS, deviceLabel, type DeviceCredential, type DeviceView } from '../../commands/devices';
import { LOGIN_PREFIX } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB } from '../couch/names';
import { cutoffsOf, firstValidSecond } from '../couch/session-cutoff';
import type { ApiDeps } from './deps';
import { getBusiness, getLogin, staffKey, type LoginRecord, type StaffRecord } from './directory';
import { ApiError, route, text } from './http';
import { passwordFits } from './password-check';
import { caller, callerFor } from './session';
import { checkedSessionCookie } from './session-cookie';

/** A device in the directory: never the secret itself, only its SHA-256 (a random 256-bit secret needs no PBKDF2). */
export type DeviceRecord = {
  _id: string;
  _rev?: string;
  type: 'device';
  device: string;
  business: string;
  username: string;
  label: string;
  created: number;
  last_seen: number;
  hash: string;
  revoked?: number;
  signed_out?: boolean;
};

export const deviceKey = (business: string, device: string) => `device:${business}:${device}`;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = new Uint8Array(Buffer.from(a, 'hex'));
  const y = new Uint8Array(Buffer.from(b, 'hex'));
  return x.length === 32 && x.length === y.length && timingSafeEqual(x, y);
}

/** Records when a device was last seen; a conflicting write (another request just did it) is left alone. */
export async function touchDevice(couch: CouchClient, record: DeviceRecord, at: number): Promise<void> {
  await couch.request('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(record._id)}`, { ...record, last_seen: at });
}

/** The device of a user by its id (undefined for an unknown user or device, or one of another user). */
export async function deviceOf(couch: CouchClient, username: string, device: string): Promise<{ login: LoginRecord; record: DeviceRecord } | undefined> {
  const login = await getLogin(couch, username);
  const record = login && /^[a-f0-9]{32}$/.test(device) ? await couch.get<DeviceRecord>(DIRECTORY_DB, deviceKey(login.business, device)) : undefined;
  return login && record && record.username === username ? { login, record } : undefined;
}

function view(record: DeviceRecord, names: Map<string, string>): DeviceView {
  const { device, username, label, created, last_seen, revoked, signed_out } = record;
  return { device, username, full_name: names.get(username) ?? username, label, created, last_seen, ...(revoked ? { revoked } : {}), ...(signed_out ? { signed_out } : {}) };
}

export function deviceRoutes({ couch, clock, sessionSecret, throttle }: ApiDeps): express.Router {
  const router = express.Router();
  const bodyOf = (req: express.Request) => (req.body ?? {}) as Record<string, unknown>;

  router.post(
    '/devices',
    route(async (req, res) => {
      const who = await caller(couch, req);
      const password = text(bodyOf(req), 'password');
      // A password check like any other: under the throttle (./password-check.ts).
      if (!password || !(await passwordFits({ couch, throttle }, req, res, who.name, password))) throw new ApiError(401, 'password-needed', DEVICE_MESSAGES.passwordNeeded);
      if (!(await sessionSecret())) throw new ApiError(503, 'not-configured', DEVICE_MESSAGES.notConfigured);
      const now = clock();
      const credential: DeviceCredential = { device: randomBytes(16).toString('hex'), secret: randomBytes(32).toString('base64url') };
      const label = text(bodyOf(req), 'label').trim().slice(0, 60) || deviceLabel(String(req.headers['user-agent'] ?? ''));
      const record: DeviceRecord = {
        _id: deviceKey(who.business, credential.device),
        type: 'device',
        device: credential.device,
        business: who.business,
        username: who.name.slice(LOGIN_PREFIX.length),
        label,
        created: now,
        last_seen: now,
        hash: hashOf(credential.secret),
      };
      await couch.put(DIRECTORY_DB, record);
      res.status(201);
      return { ...credential, label };
    }),
  );

  /** The device a request's { username, device, secret } proves (401 'unknown' when it proves none). */
  const proven = async (req: express.Request) => {
    const body = bodyOf(req);
    const username = text(body, 'username').trim().replace(new RegExp(`^${LOGIN_PREFIX}`), '');
    const device = text(body, 'device');
    const secret = text(body, 'secret');
    if (!username || !device || !secret) throw new ApiError(400, 'invalid', 'username, device and secret are required');
    const found = await deviceOf(couch, username, device);
    if (!found || !sameHash(found.record.hash, hashOf(secret))) throw new ApiError(401, 'unknown', DEVICE_REFUSALS.unknown);
    return found;
  };

  router.post(
    '/device-session/end',
    route(async (req) => {
      const { record } = await proven(req);
      if (!record.revoked) await couch.put(DIRECTORY_DB, { ...record, revoked: clock(), signed_out: true });
      return { ok: true };
    }),
  );

  router.post(
    '/device-session',
    route(async (req, res) => {
      const { login, record } = await proven(req);
      if (record.signed_out) throw new ApiError(401, 'signed-out', DEVICE_REFUSALS['signed-out']);
      if (record.revoked) throw new ApiError(401, 'revoked', DEVICE_REFUSALS.revoked);
      const salt = (login as LoginRecord & { salt?: string }).salt;
      if ((login as LoginRecord & { disabled?: boolean }).disabled || !login.roles?.length || !salt) throw new ApiError(401, 'disabled', DEVICE_REFUSALS.disabled);
      const secretKey = await sessionSecret();
      if (!secretKey) throw new ApiError(503, 'not-configured', DEVICE_MESSAGES.notConfigured);
      // Never before the user's cut-off: a cookie issued in the second of a revoke would be refused at once.
      const after = await cutoffsOf(couch).after(login.name);
      const seconds = Math.max(Math.round(clock() / 1000), after ? firstValidSecond(after) : 0);
      res.cookie('AuthSession', await checkedSessionCookie(couch, login.name, salt, secretKey, seconds), { httpOnly: true });
      await touchDevice(couch, record, clock());
      return { ok: true, name: login.name, roles: login.roles };
    }),
  );

  router.get(
    '/devices/:business',
    route(async (req) => {
      const business = String(req.params.business);
      await callerFor(couch, req, business, [0]);
      const [records, staff, owner] = await Promise.all([
        couch.byPrefix<DeviceRecord>(DIRECTORY_DB, deviceKey(business, '')),
        couch.byPrefix<StaffRecord>(DIRECTORY_DB, staffKey(business, '')),
        getBusiness(couch, business),
      ]);
      const names = new Map(staff.map((s) => [s.username, s.full_name]));
      if (owner) names.set(owner.username, owner.owner);
      return { docs: records.sort((a, b) => b.last_seen - a.last_seen).map((r) => view(r, names)) };
    }),
  );

  router.post(
    '/devices/:business/:device/revoke',
    route(async (req, res) => {
      const business = String(req.params.business);
      const who = await callerFor(couch, req, business, [0]);
      const record = await couch.get<DeviceRecord>(DIRECTORY_DB, deviceKey(business, String(req.params.device)));
      if (!record) throw new ApiError(404, 'not-found', DEVICE_MESSAGES.notFound);
      if (record.revoked) throw new ApiError(409, 'revoked', DEVICE_MESSAGES.alreadyRevoked);
      const now = clock();
      // The credential first: from here on it renews nothing; then every cookie its user holds stops.
      await couch.put(DIRECTORY_DB, { ...record, revoked: now });
      // The audit entry before the cut-off: written after it, its arrival set the revoking owner's own tills
      // syncing at the very moment their cookies were cut, and a refreshed pre-cut cookie could replace the fresh
      // one this answer gives the owner's browser ('Please log in again' on its device list, 2 runs of 3 of
      // tests/e2e/devices-screen.test.ts under load).
      await writeServerAudit(couch, req, who, business, now, {
        action: 'device-revoke',
        target: { kind: 'device', id: record.device, label: `${record.label} of ${record.username}` },
        changes: [{ field: 'Device', before: 'Signed in', after: 'Revoked' }],
      });
      const name = LOGIN_PREFIX + record.username;
      // Cut as of now, after the audit write, not as of the revoke's start: a request the device began while
      // that write was on its way got a refreshed cookie stamped after the start, which a cut-off at the start
      // still admitted — the revoked till went on syncing (tests/server/device-sync.test.ts, under load).
      const after = await cutoffsOf(couch).cut(name, clock());
      // Revoking one of your own devices cuts your own cookie too: this browser gets a fresh one at once
      // rather than meet a 401 on its next call (its worker would renew by its own credential anyway).
      const login = who.name === name ? await getLogin(couch, record.username) : undefined;
      const salt = (login as (LoginRecord & { salt?: string }) | undefined)?.salt;
      const secretKey = salt && (await sessionSecret());
      if (salt && secretKey) res.cookie('AuthSession', await checkedSessionCookie(couch, name, salt, secretKey, Math.max(Math.round(clock() / 1000), firstValidSecond(after))), { httpOnly: true });
      return { ok: true, message: DEVICE_MESSAGES.revokedOk };
    }),
  );

  return router;
}
