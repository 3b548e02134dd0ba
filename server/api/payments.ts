/**
 * GET /api/payment-provider: which card payment provider this server verifies with, so the app knows how to
 * take a payment before it asks POST /api/verify-payment to credit it ('none': card payments are not set up).
 */
import express from 'express';
import type { ApiDeps } from './deps';
import { route } from './http';
import { caller } from './session';

export function paymentRoutes({ couch, payments }: ApiDeps): express.Router {
  const router = express.Router();
  router.get(
    '/payment-provider',
    route(async (req) => {
      await caller(couch, req);
      return { name: payments.name };
    }),
  );
  return router;
}
