/** GET /api/branch/{businessRef}: the branch offices of a business (created through create-business). */
import express from 'express';
import { DIRECTORY_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { branchKey, type BranchRecord } from './directory';
import { route } from './http';
import { callerFor } from './session';

export function branchRoutes({ couch }: ApiDeps): express.Router {
  const router = express.Router();
  router.get(
    '/branch/:business',
    route(async (req) => {
      const business = String(req.params.business);
      await callerFor(couch, req, business, [0]);
      const branches = await couch.byPrefix<BranchRecord>(DIRECTORY_DB, branchKey(business, ''));
      return { docs: branches.map((b) => ({ _id: b.business, name: b.name, joined: b.joined, owner: b.owner, phone: b.phone, email: b.email })) };
    }),
  );
  return router;
}
