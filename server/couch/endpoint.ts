/**
 * The /db endpoint: same-origin check, the password throttle, the guard, the shift-close and credit-approval
 * checks, the document gate (every member write judged by the rulebook, then written as the admin: ./gate.ts),
 * design documents hidden from members, then the embedded express-pouchdb or a proxy; JSON errors.
 */
import express from 'express';
import { join } from 'node:path';
import type { Settings } from '../settings';
import { Callers } from './caller';
import type { CouchClient } from './client';
import { embeddedCouch } from './embedded';
import { jsonErrors, plainErrorAnswers } from './errors';
import { hideDesignDocs } from './hide-design';
import { OpenFeeds } from './feeds';
import { fairShare } from './fair-share';
import { localDocBounds } from './local-docs';
import { DbUpdates } from './db-updates';
import { ID_PREFIX } from '../../commands/lib/ids';
import { couchGuard, sameOriginOnly } from './guard';
import { basicAuthThrottle, sessionThrottle } from './login-guard';
import type { LoginThrottle } from '../login/throttle';
import { couchProxy } from './proxy';
import { keepLocationUnderDb } from './location';
import { splitBulkDocs } from './bulk-split';
import { sessionCutoffGate } from './session-cutoff';
import { shiftCloseCheck } from './shift-closes';
import { creditApprovalCheck } from './credit-approvals';
import { documentGate } from './gate';

/**
 * `couch` answers the admin client (asked per request: it exists once the server listens); `throttle` counts
 * wrong passwords (shared with /api).
 */
export async function couchEndpoint(
  settings: Settings,
  couch: () => CouchClient,
  throttle: LoginThrottle,
): Promise<express.Router> {
  const router = express.Router();
  const callers = new Callers(couch);
  const login = { throttle, couch, callers, iterations: settings.iterations, adminName: settings.adminName, adminPassword: settings.adminPassword, proxied: !!settings.couchUrl };
  router.use(plainErrorAnswers());
  router.use(sameOriginOnly());
  router.use(sessionCutoffGate(couch));
  router.use(basicAuthThrottle(login));
  router.use(couchGuard(settings.adminName, settings.adminPassword, callers));
  router.use(sessionThrottle(login));
  router.use(shiftCloseCheck(couch));
  router.use(creditApprovalCheck(couch));
  // Longpolls end at their timeout and when their user's sessions are cut (./feeds.ts).
  const feeds = new OpenFeeds();
  router.use(feeds.middleware(couch, !settings.couchUrl));
  // Each business and address has a few requests under way at once; the rest wait in their own queue.
  router.use(fairShare());
  router.use(localDocBounds(couch));
  // Every member write judged by the rulebook and written by the admin (./gate.ts).
  router.use(documentGate(couch).middleware);
  router.use(hideDesignDocs());
  // The admin client's nodes: a cluster node found down by either is skipped by both (./nodes.ts).
  if (settings.couchUrl) router.use(splitBulkDocs(() => couch().nodes), couchProxy(() => couch().nodes));
  else {
    // CouchDB's one feed of changed databases, which express-pouchdb lacks (./db-updates.ts).
    // Its entries name the SMS messages written, for the dispatcher (./db-updates.ts).
    const updates = new DbUpdates((id) => id.startsWith(ID_PREFIX.sms), join(settings.dataDir, 'db-updates.json'));
    router.use(keepLocationUnderDb(), updates.recorder(), updates.route(), ...(await embeddedCouch(settings, feeds)));
  }
  router.use(jsonErrors());
  return router;
}
