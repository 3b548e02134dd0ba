/**
 * POST /api/change-password: the signed-in user changes their own password (current one checked first).
 * POST /api/login-name: the username to sign in with for an email and password. Registration makes the
 * username from the business name, and people remember the email they typed; the answer names a username
 * only when the password fits it, so it tells nobody which emails are registered (an unknown email runs the
 * dummy hash: answered in the time of a wrong password).
 * Both check a password, so both go through the throttle (server/login/throttle.ts): 429 with Retry-After
 * when the account (the email, at login-name) or the address has failed too often.
 */
import express from 'express';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { LOGIN_PREFIX } from '../../commands/session';
import { USERS_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { usernamesOfEmail, type LoginRecord } from './directory';
import { ApiError, badRequest, route, text } from './http';
import { caller } from './session';
import { addressOf } from '../couch/login-guard';
import { dummyHash } from '../login/even-timing';
import { emailKey } from '../login/throttle';
import { notLocked, passwordFits } from './password-check';

export function accountRoutes({ couch, throttle, iterations }: ApiDeps): express.Router {
  const router = express.Router();
  router.post(
    '/change-password',
    route(async (req, res) => {
      const who = await caller(couch, req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const password = text(body, 'password');
      const problem = pinProblem(password, text(body, 'confirm') || password);
      if (problem) throw badRequest(problem);
      if (!(await passwordFits({ couch, throttle }, req, res, who.name, text(body, 'current')))) throw new ApiError(400, 'wrong-password', ACCOUNT_MESSAGES.currentPasswordWrong);
      const doc = await couch.get<LoginRecord>(USERS_DB, `org.couchdb.user:${who.name}`);
      if (!doc) throw new ApiError(404, 'not-found', ACCOUNT_MESSAGES.changePasswordFailed);
      await couch.put(USERS_DB, { ...doc, password });
      return { ok: true };
    }),
  );
  router.post(
    '/login-name',
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const name = text(body, 'name').trim();
      const password = text(body, 'password');
      if (!name || !password) throw badRequest(ACCOUNT_MESSAGES.allRequired);
      if (!name.includes('@')) return { username: name };
      const key = emailKey(name);
      const address = addressOf(req);
      notLocked(throttle, res, key, address);
      const usernames = await usernamesOfEmail(couch, name);
      if (!usernames.length) await dummyHash(iterations);
      for (const username of usernames) {
        if (await couch.checkPassword(LOGIN_PREFIX + username, password)) {
          throttle.succeeded(key);
          return { username };
        }
      }
      throttle.failed(key, address);
      throw new ApiError(401, 'bad-login', ACCOUNT_MESSAGES.badLogin);
    }),
  );
  return router;
}
