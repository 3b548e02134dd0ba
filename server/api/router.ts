/** The business API under /api (document 001 section 7), form-encoded or JSON bodies, JSON answers. */
import express from 'express';
import { sameOriginOnly } from '../couch/guard';
import { accountRoutes } from './account';
import { branchRoutes } from './branches';
import { businessRoutes } from './businesses';
import { deviceRoutes } from './devices';
import { creditApprovalRoutes } from './credit-approval';
import type { ApiDeps } from './deps';
import { paymentRoutes } from './payments';
import { printerRoutes } from '../printer/print-route';
import { smsRoutes } from './sms';
import { staffAccountRoutes } from './staff-account';
import { userRoutes } from './users';

export function apiRouter(deps: ApiDeps): express.Router {
  const router = express.Router({ strict: false });
  router.use(sameOriginOnly());
  router.use(express.urlencoded({ extended: true, limit: '100kb' }));
  router.use(express.json({ limit: '100kb' }));
  for (const routes of [businessRoutes, userRoutes, staffAccountRoutes, branchRoutes, smsRoutes, paymentRoutes, accountRoutes, deviceRoutes, creditApprovalRoutes, printerRoutes]) router.use(routes(deps));
  router.use((_req, res) => {
    res.status(404).json({ error: 'not-found', message: 'No such API route' });
  });
  // Malformed bodies (bad JSON, too large) are the caller's mistake: 4xx, never a crash.
  router.use(((err: { status?: number; message?: string }, _req, res, _next) => {
    res.status(err.status && err.status < 500 ? err.status : 400).json({ error: 'bad-request', message: 'The request could not be read' });
  }) as express.ErrorRequestHandler);
  return router;
}
