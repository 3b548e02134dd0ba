/** GET and POST /api/users/{businessRef}: the staff of a business (levels 1-4), within its user limit. */
import express from 'express';
import { ACCOUNT_MESSAGES, DEFAULT_USER_LIMIT, policyPrefixFor, staffProblem, staffUsername } from '../../commands/accounts';
import type { RoleLevel } from '../../commands/session';
import { businessDb, DIRECTORY_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { createLogin, getBusiness, staffKey, staffRecord, type StaffRecord } from './directory';
import { ApiError, badRequest, objectField, route, staffLevel, text } from './http';
import { invoicePolicyDoc } from './provision';
import { callerFor } from './session';

export function userRoutes({ couch, clock }: ApiDeps): express.Router {
  const router = express.Router();
  const staffOf = (business: string) => couch.byPrefix<StaffRecord>(DIRECTORY_DB, staffKey(business, ''));

  router.get(
    '/users/:business',
    route(async (req) => {
      const business = String(req.params.business);
      await callerFor(couch, req, business, [0, 1]);
      return { docs: await staffOf(business) };
    }),
  );

  router.post(
    '/users/:business',
    route(async (req, res) => {
      const business = String(req.params.business);
      await callerFor(couch, req, business, [0, 1]);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const role = objectField<{ level?: unknown }>(body, 'role');
      const input = {
        full_name: text(body, 'full_name').trim(),
        email: text(body, 'email').trim(),
        phone_number: text(body, 'phone_number').trim(),
        password: text(body, 'password'),
        level: staffLevel(role?.level ?? body.level) as RoleLevel,
      };
      const problem = staffProblem(input);
      if (problem) throw badRequest(problem);
      const owner = await getBusiness(couch, business);
      if (!owner) throw new ApiError(404, 'not-found', 'This business does not exist');
      const staff = await staffOf(business);
      const limit = owner.userLimit ?? DEFAULT_USER_LIMIT;
      if (staff.length >= limit) throw new ApiError(403, 'user-limit', ACCOUNT_MESSAGES.userLimit(limit));
      const prefix = policyPrefixFor(staff.length + 1);
      const username = await createLogin(couch, staffUsername(owner.username, input.full_name), {
        full_name: input.full_name,
        email: input.email,
        phone_number: input.phone_number,
        password: input.password,
        business,
        business_name: owner.name,
        level: input.level,
        prefix,
        parent: owner.branch?.of,
      });
      if (!username) throw new ApiError(409, 'username-taken', ACCOUNT_MESSAGES.usernameTaken);
      await couch.put(businessDb(business, 'shared'), invoicePolicyDoc(username, prefix));
      await couch.put(DIRECTORY_DB, staffRecord(business, username, input, prefix, clock()));
      res.status(201);
      return { ok: true, id: `${prefix}${username}`, username, prefix, message: ACCOUNT_MESSAGES.userCreated };
    }),
  );

  return router;
}
