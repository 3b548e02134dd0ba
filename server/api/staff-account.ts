/**
 * One staff member's account (/finance/users/{username}): read by the owner and managers; the owner changes the
 * role, resets the password, and disables or re-enables the account.
 *   GET  /api/users/{business}/{username}
 *   POST /api/users/{business}/{username}/role       { level: 1-4 }
 *   POST /api/users/{business}/{username}/password   { password, confirm }
 *   POST /api/users/{business}/{username}/disable    and  /enable
 *   POST /api/users/{business}/{username}/unlock     after too many wrong passwords (server/login/throttle.ts)
 * Disabling takes the login's roles away and replaces its password with a random one, keeping the real
 * credentials (derived key and salt) in the admin-only directory: sign-in then fails, and because CouchDB's
 * session cookie is tied to the salt, a cookie already issued stops working too, so sync stops at once. Enabling
 * puts the credentials and roles back: the person signs in with the password they had.
 */
import { randomBytes } from 'node:crypto';
import express from 'express';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { LOGIN_PREFIX, ROLE_LABELS, type RoleLevel } from '../../commands/session';
import { emailKey } from '../login/throttle';
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB, USERS_DB } from '../couch/names';
import { rolesFor } from '../couch/roles';
import { cutoffsOf } from '../couch/session-cutoff';
import type { ApiDeps } from './deps';
import { getLogin, staffKey, type LoginRecord, type StaffRecord } from './directory';
import { ApiError, badRequest, route, staffLevel, text } from './http';
import { callerFor } from './session';
import { writeServerAudit } from './audit-entry';

export const STAFF_MESSAGES = {
  notFound: 'This user does not exist',
  enableFirst: 'Enable the account before resetting its password',
  alreadyDisabled: 'This account is already disabled',
  notDisabled: 'This account is not disabled',
} as const;

/** What the server keeps of a disabled login to restore it. */
type DisabledRecord = { _id: string; _rev?: string; type: 'disabled-login'; username: string; credentials: Record<string, unknown> };
const disabledKey = (username: string) => `disabled:${username}`;
const CREDENTIAL_FIELDS = ['derived_key', 'salt', 'iterations', 'password_scheme', 'pbkdf2_prf'] as const;

type Target = { staff: StaffRecord & { _rev?: string; disabled?: boolean }; login: LoginRecord & Record<string, unknown> };

async function target(couch: CouchClient, business: string, username: string): Promise<Target> {
  const staff = await couch.get<Target['staff']>(DIRECTORY_DB, staffKey(business, username));
  const login = staff && (await getLogin(couch, username));
  if (!staff || !login) throw new ApiError(404, 'not-found', STAFF_MESSAGES.notFound);
  return { staff, login: login as Target['login'] };
}

function view(t: Target, locked = false) {
  const { staff } = t;
  return { username: staff.username, full_name: staff.full_name, email: staff.email, phone_number: staff.phone_number, role: staff.role, joined: staff.joined, disabled: !!staff.disabled, locked };
}

/** The throttle's keys of one staff login: its name at sign-in, and its email at /api/login-name. */
const throttleKeys = (t: Target) => [LOGIN_PREFIX + t.staff.username, ...(t.staff.email ? [emailKey(t.staff.email)] : [])];

async function putLogin(couch: CouchClient, doc: Record<string, unknown>): Promise<void> {
  await couch.put(USERS_DB, doc as { _id: string });
}

export function staffAccountRoutes({ couch, clock, throttle }: ApiDeps): express.Router {
  const router = express.Router();
  const params = (req: express.Request) => ({ business: String(req.params.business), username: String(req.params.username) });
  const locked = (t: Target) => throttleKeys(t).some((k) => throttle.isLocked(k));

  router.get(
    '/users/:business/:username',
    route(async (req) => {
      const { business, username } = params(req);
      await callerFor(couch, req, business, [0, 1]);
      const t = await target(couch, business, username);
      return view(t, locked(t));
    }),
  );

  router.post(
    '/users/:business/:username/unlock',
    route(async (req) => {
      const { business, username } = params(req);
      await callerFor(couch, req, business, [0]);
      const t = await target(couch, business, username);
      for (const key of throttleKeys(t)) throttle.unlock(key);
      return view(t, false);
    }),
  );

  router.post(
    '/users/:business/:username/role',
    route(async (req) => {
      const { business, username } = params(req);
      const who = await callerFor(couch, req, business, [0]);
      const level = staffLevel(((req.body ?? {}) as Record<string, unknown>).level) as RoleLevel;
      if (![1, 2, 3, 4].includes(level)) throw badRequest(ACCOUNT_MESSAGES.badRole);
      const t = await target(couch, business, username);
      // A disabled login keeps no roles: the level is stored now and its roles come back on enable.
      await putLogin(couch, { ...t.login, level, roles: t.staff.disabled ? [] : rolesFor(business, level) });
      await couch.put(DIRECTORY_DB, { ...t.staff, role: { level, label: ROLE_LABELS[level], at: business } });
      if (t.staff.role.level !== level) {
        await writeServerAudit(couch, req, who, business, clock(), {
          action: 'role-change',
          target: { kind: 'staff', id: username, label: t.staff.full_name },
          changes: [{ field: 'Role', before: ROLE_LABELS[t.staff.role.level] ?? String(t.staff.role.level), after: ROLE_LABELS[level] }],
        });
      }
      return view(await target(couch, business, username));
    }),
  );

  router.post(
    '/users/:business/:username/password',
    route(async (req) => {
      const { business, username } = params(req);
      await callerFor(couch, req, business, [0]);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const password = text(body, 'password');
      const problem = pinProblem(password, text(body, 'confirm') || password);
      if (problem) throw badRequest(problem);
      const t = await target(couch, business, username);
      if (t.staff.disabled) throw new ApiError(409, 'disabled', STAFF_MESSAGES.enableFirst);
      await putLogin(couch, { ...t.login, password });
      return { ok: true };
    }),
  );

  router.post(
    '/users/:business/:username/disable',
    route(async (req) => {
      const { business, username } = params(req);
      await callerFor(couch, req, business, [0]);
      const t = await target(couch, business, username);
      if (t.staff.disabled) throw new ApiError(409, 'disabled', STAFF_MESSAGES.alreadyDisabled);
      const credentials = Object.fromEntries(CREDENTIAL_FIELDS.filter((f) => t.login[f] !== undefined).map((f) => [f, t.login[f]]));
      const kept: DisabledRecord = { _id: disabledKey(username), type: 'disabled-login', username, credentials };
      const existing = await couch.get<DisabledRecord>(DIRECTORY_DB, kept._id);
      await couch.put(DIRECTORY_DB, { ...kept, _rev: existing?._rev });
      // The credentials are saved before the login changes: a failure in between leaves a working account.
      await putLogin(couch, { ...t.login, roles: [], password: randomBytes(32).toString('hex'), disabled: true });
      // The new salt ends the person's cookies at the database, but /db and /api keep a session a few seconds
      // (server/couch/caller.ts): a cut-off ends them at the very next request, and keeps the old cookies out
      // after an enable brings the old salt back (./session-cutoff.ts).
      await cutoffsOf(couch).cut(t.login.name, clock());
      await couch.put(DIRECTORY_DB, { ...t.staff, disabled: true });
      return view(await target(couch, business, username));
    }),
  );

  router.post(
    '/users/:business/:username/enable',
    route(async (req) => {
      const { business, username } = params(req);
      await callerFor(couch, req, business, [0]);
      const t = await target(couch, business, username);
      const kept = await couch.get<DisabledRecord>(DIRECTORY_DB, disabledKey(username));
      if (!t.staff.disabled || !kept) throw new ApiError(409, 'not-disabled', STAFF_MESSAGES.notDisabled);
      const login: Record<string, unknown> = { ...t.login, ...kept.credentials, roles: rolesFor(business, t.staff.role.level), level: t.staff.role.level };
      delete login.password;
      delete login.disabled;
      await putLogin(couch, login);
      await couch.put(DIRECTORY_DB, { ...t.staff, disabled: false });
      await couch.request('DELETE', `/${DIRECTORY_DB}/${encodeURIComponent(kept._id)}?rev=${encodeURIComponent(String(kept._rev))}`);
      return view(await target(couch, business, username));
    }),
  );

  return router;
}
