/** The /db endpoint: same-origin check, route allowlist, then the embedded express-pouchdb or a proxy. */
import express from 'express';
import type { Settings } from '../settings';
import { embeddedCouch } from './embedded';
import { couchGuard, sameOriginOnly } from './guard';
import { couchProxy } from './proxy';

export async function couchEndpoint(settings: Settings): Promise<express.Router> {
  const router = express.Router();
  router.use(sameOriginOnly());
  router.use(couchGuard(settings.adminName, settings.adminPassword));
  router.use(settings.couchUrl ? couchProxy(settings.couchUrl) : await embeddedCouch(settings));
  return router;
}
