/**
 * POST /api/credit-approval { business, customer, username, password }: a manager approves, at the till, taking
 * a customer past their credit limit (issue 28, commands/lib/credit-limit.ts). The caller is the signed-in
 * cashier (a member of the business); the manager's password is checked with the sign-in's own check under the
 * password throttle (./password-check.ts: 429 while locked, each wrong password counted), and their login must
 * be a level 0-1 user of that business (or an owner of its parent, for a branch). The manager may type their
 * username or, as at sign-in, their email. No new password store and no
 * session for the manager: the cashier's session stays the browser's.
 *
 * The server then records the approval in the business's main database (`credit-approval-{random}`, a kind
 * only the server writes) and answers it; the till puts its id, the manager and the time on the sale, and
 * ./../couch/credit-approvals.ts holds that stamp to this record when the sale reaches the server.
 * Offline there is no approval from someone else: the till says so (CREDIT_MESSAGES.offline).
 */
import { randomBytes } from 'node:crypto';
import express from 'express';
import type { CreditApprovalDoc } from '../../commands/credit-docs';
import { CREDIT_APPROVAL_PREFIX, CREDIT_MESSAGES, type CreditApprovalGrant } from '../../commands/lib/credit-limit';
import { MAX_NAME } from '../../commands/lib/text-limits';
import { LOGIN_PREFIX, type RoleLevel } from '../../commands/session';
import { businessDb } from '../couch/names';
import { membershipOf } from '../couch/roles';
import type { ApiDeps } from './deps';
import { getBusiness, getLogin, usernamesOfEmail, type LoginRecord } from './directory';
import { ApiError, badRequest, route, text } from './http';
import { notLocked, passwordFits } from './password-check';
import { addressOf } from '../couch/login-guard';
import { dummyHash } from '../login/even-timing';
import { emailKey } from '../login/throttle';
import { callerFor } from './session';
import { writeServerAudit } from './audit-entry';

const ALL: RoleLevel[] = [0, 1, 2, 3, 4];

/** The login's level in `business`: its own members by level, an owner of its parent (a branch) as 0. */
async function levelIn(couch: ApiDeps['couch'], record: LoginRecord | undefined, business: string): Promise<RoleLevel | undefined> {
  const member = record ? membershipOf(record.roles ?? []) : undefined;
  if (member && member.business === business) return member.level;
  if (!member?.owner) return undefined;
  const target = await getBusiness(couch, business);
  return target?.branch?.of === member.business ? 0 : undefined;
}

/**
 * The approver's username when the password fits: typed as a username, or as an email as at sign-in
 * (./account.ts login-name: the email's logins are tried, a manager of this business first; an unknown email
 * costs a dummy hash, so time tells nothing), under the same throttle. Undefined for a wrong password.
 */
async function approverLogin(
  d: Pick<ApiDeps, 'couch' | 'throttle' | 'iterations'>,
  req: express.Request,
  res: express.Response,
  typed: string,
  password: string,
  business: string,
): Promise<string | undefined> {
  if (!typed.includes('@')) {
    const login = typed.startsWith(LOGIN_PREFIX) ? typed.slice(LOGIN_PREFIX.length) : typed;
    return (await passwordFits(d, req, res, LOGIN_PREFIX + login, password)) ? login : undefined;
  }
  const key = emailKey(typed);
  const address = addressOf(req);
  notLocked(d.throttle, res, key, address);
  const usernames = await usernamesOfEmail(d.couch, typed);
  if (!usernames.length) await dummyHash(d.iterations);
  const fitting: string[] = [];
  for (const username of usernames) if (await d.couch.checkPassword(LOGIN_PREFIX + username, password)) fitting.push(username);
  if (!fitting.length) {
    d.throttle.failed(key, address);
    return undefined;
  }
  d.throttle.succeeded(key);
  for (const username of fitting) {
    const level = await levelIn(d.couch, await getLogin(d.couch, username), business);
    if (level !== undefined && level <= 1) return username;
  }
  return fitting[0];
}

export function creditApprovalRoutes({ couch, throttle, clock, iterations }: ApiDeps): express.Router {
  const router = express.Router();
  router.post(
    '/credit-approval',
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const business = text(body, 'business').trim();
      const customer = text(body, 'customer').trim();
      const username = text(body, 'username').trim();
      const password = text(body, 'password');
      if (!business || !customer || !username || !password) throw badRequest('Business, customer, username and password are required.');
      if (customer.length > MAX_NAME || username.length > MAX_NAME || customer.startsWith('_')) throw badRequest('The customer or username is too long.');
      const who = await callerFor(couch, req, business, ALL);
      const login = await approverLogin({ couch, throttle, iterations }, req, res, username, password, business);
      if (!login) throw new ApiError(401, 'wrong-password', CREDIT_MESSAGES.wrongPassword);
      const record = await getLogin(couch, login);
      const level = await levelIn(couch, record, business);
      if (level === undefined || level > 1) throw new ApiError(403, 'not-manager', CREDIT_MESSAGES.notManager);
      const at = clock();
      const fullname = record?.full_name || login;
      const doc: CreditApprovalDoc = {
        _id: CREDIT_APPROVAL_PREFIX + randomBytes(12).toString('hex'),
        stores: 'credit-approval',
        customer,
        by: { username: login, fullname, level },
        at,
        date: at,
        requested_by: who.name.startsWith(LOGIN_PREFIX) ? who.name.slice(LOGIN_PREFIX.length) : who.name,
      };
      await couch.put(businessDb(business, 'main'), doc);
      const client = await couch.get<{ name?: string }>(businessDb(business, 'main'), customer).catch(() => undefined);
      await writeServerAudit(couch, req, doc.by, business, at, {
        action: 'credit-approval',
        target: { kind: 'customer', id: customer, label: client?.name ?? customer },
        changes: [{ field: 'Credit limit', before: 'Would be passed', after: `Approved for ${doc.requested_by}` }],
      });
      const grant: CreditApprovalGrant = { id: doc._id, username: login, fullname, at, customer };
      return grant;
    }),
  );
  return router;
}
