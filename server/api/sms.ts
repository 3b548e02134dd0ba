/**
 * GET /api/sms/{sharedId}: the SMS unit balance as the server sees it, credits minus the units it has sent or
 * is sending (the app calls it when shared documents change; each device derives its own from the same documents).
 * POST /api/verify-payment/: after a card payment, the provider confirms the reference and amount; only then
 * are the units (plus bonus) credited (creditSmsUnits) and the purchase recorded. A reference is credited once.
 * A branch has no units of its own: its balance is its parent's, and units bought from a branch are credited
 * to the parent's pool, which the branch's messages draw on (server/sms/budget.ts).
 */
import express from 'express';
import type { SmsPurchaseDoc } from '../../commands/docs';
import { smsPurchaseCreditId } from '../../commands/lib/sms-balance';
import { smsBonusUnits, smsQuantityProblem, smsTotal, smsUnitPrice } from '../../commands/lib/sms-pricing';
import { businessDb, businessOfDb, DIRECTORY_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { ApiError, badRequest, route, text } from './http';
import { callerFor } from './session';
import { creditSmsUnits } from '../sms/credits';
import { poolOf, serverBalance } from '../sms/budget';

export const PAYMENT_FAILED = 'The payment failed and was not recorded. Please contact admin.';

export function smsRoutes({ couch, clock, payments }: ApiDeps): express.Router {
  const router = express.Router();

  router.get(
    '/sms/:shared',
    route(async (req) => {
      const shared = String(req.params.shared);
      const business = businessOfDb(shared) ?? shared;
      await callerFor(couch, req, business, [0, 1, 2, 3, 4]);
      return serverBalance(couch, business);
    }),
  );

  router.post(
    '/verify-payment',
    route(async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const business = text(body, 'business');
      await callerFor(couch, req, business, [0]);
      const reference = text(body, 'reference').trim();
      // A whole number as the app sends it (digits only: no '1e3', '0x10' or '150.5').
      const given = text(body, 'quantity').trim();
      const quantity = /^[0-9]{1,9}$/.test(given) ? Number(given) : NaN;
      if (text(body, 'type') !== 'sms') throw badRequest('Only SMS purchases can be verified');
      if (!reference) throw badRequest('The transaction reference is missing');
      const problem = smsQuantityProblem(quantity);
      if (problem) throw badRequest(problem);
      const total = smsTotal(quantity);
      const verification = await payments.verify(reference);
      if (!verification.paid || verification.amount < total) throw new ApiError(402, 'payment-failed', PAYMENT_FAILED);
      // The directory record makes the credit idempotent: a second verify of the same reference gets 409.
      const claim = await couch.request('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(`payment:${reference}`)}`, { type: 'payment', business, quantity, total, date: clock() });
      if (claim.status === 409) throw new ApiError(409, 'already-recorded', 'This payment has already been recorded');
      if (claim.status >= 300) throw new Error(`recording payment: ${claim.status}`);
      const bonus = smsBonusUnits(quantity);
      const pool = await poolOf(couch, business);
      const shared = businessDb(pool, 'shared');
      const purchase: SmsPurchaseDoc = { _id: `sms-purchase-${reference}`, stores: 'sms-purchase', reference, unit_cost: smsUnitPrice(quantity), quantity, total, bonus, factor: 1, date: clock() };
      await couch.put(shared, purchase);
      const units = quantity + bonus;
      await creditSmsUnits(couch, pool, { id: smsPurchaseCreditId(reference), units, reason: 'purchase', reference, date: clock() });
      return { ok: true, units, balance: (await serverBalance(couch, business)).balance };
    }),
  );

  return router;
}
