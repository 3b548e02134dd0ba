/** POST /api/change-password: the signed-in user changes their own password (current one checked first). */
import express from 'express';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { USERS_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import type { LoginRecord } from './directory';
import { ApiError, badRequest, route, text } from './http';
import { caller } from './session';

export function accountRoutes({ couch }: ApiDeps): express.Router {
  const router = express.Router();
  router.post(
    '/change-password',
    route(async (req) => {
      const who = await caller(couch, req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const password = text(body, 'password');
      const problem = pinProblem(password, text(body, 'confirm') || password);
      if (problem) throw badRequest(problem);
      if (!(await couch.checkPassword(who.name, text(body, 'current')))) throw new ApiError(400, 'wrong-password', ACCOUNT_MESSAGES.currentPasswordWrong);
      const doc = await couch.get<LoginRecord>(USERS_DB, `org.couchdb.user:${who.name}`);
      if (!doc) throw new ApiError(404, 'not-found', ACCOUNT_MESSAGES.changePasswordFailed);
      await couch.put(USERS_DB, { ...doc, password });
      return { ok: true };
    }),
  );
  return router;
}
