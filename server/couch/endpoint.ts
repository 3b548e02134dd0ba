/** The /db endpoint: same-origin check, the guard, then the embedded express-pouchdb or a proxy; JSON errors. */
import express from 'express';
import type { Settings } from '../settings';
import { Callers } from './caller';
import type { CouchClient } from './client';
import { embeddedCouch } from './embedded';
import { jsonErrors } from './errors';
import { couchGuard, sameOriginOnly } from './guard';
import { couchProxy } from './proxy';

export async function couchEndpoint(settings: Settings, couch: () => CouchClient): Promise<express.Router> {
  const router = express.Router();
  router.use(sameOriginOnly());
  router.use(couchGuard(settings.adminName, settings.adminPassword, new Callers(couch)));
  router.use(settings.couchUrl ? couchProxy(settings.couchUrl) : await embeddedCouch(settings));
  router.use(jsonErrors());
  return router;
}
