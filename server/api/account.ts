/**
 * POST /api/change-password: the signed-in user changes their own password (current one checked first).
 * POST /api/login-name: the username to sign in with for an email and password. Registration makes the
 * username from the business name, and people remember the email they typed; the answer names a username
 * only when the password fits it, so it tells nobody which emails are registered.
 */
import express from 'express';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { LOGIN_PREFIX } from '../../commands/session';
import { USERS_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { usernamesOfEmail, type LoginRecord } from './directory';
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
  router.post(
    '/login-name',
    route(async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const name = text(body, 'name').trim();
      const password = text(body, 'password');
      if (!name || !password) throw badRequest(ACCOUNT_MESSAGES.allRequired);
      if (!name.includes('@')) return { username: name };
      for (const username of await usernamesOfEmail(couch, name)) {
        if (await couch.checkPassword(LOGIN_PREFIX + username, password)) return { username };
      }
      throw new ApiError(401, 'bad-login', ACCOUNT_MESSAGES.badLogin);
    }),
  );
  return router;
}
