/**
 * POST /api/create-business/ (a new business, or a branch of the caller's business) and
 * GET /api/business/{id}. Registration is open; creating a branch needs the parent's owner.
 */
import express from 'express';
import { ACCOUNT_MESSAGES, branchProblem, DEFAULT_USER_LIMIT, registrationProblem, usernameSlug, type Profile } from '../../commands/accounts';
import { LOGIN_PREFIX } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB, USERS_DB } from '../couch/names';
import type { ApiDeps } from './deps';
import { newBusinessId } from './deps';
import { branchKey, businessKey, createLogin, getBusiness, type BranchRecord, type BusinessRecord, type LoginRecord } from './directory';
import { ApiError, badRequest, objectField, route, text } from './http';
import { provisionBusiness } from './provision';
import { RegistrationLimit } from './registration-limit';
import { caller, callerFor } from './session';

/** Branches one business may have (the spec is silent; a chain of shops with more asks the operator). */
export const MAX_BRANCHES = 10;
export const TOO_MANY_BRANCHES = `A business can have at most ${MAX_BRANCHES} branches.`;
export const BRANCH_OF_BRANCH = 'A branch cannot have branches of its own.';

type Fields = { name: string; owner: string; phone: string; email: string; password: string; referrer?: string; joined: number };

function readFields(body: Record<string, unknown>, clock: () => number): Fields {
  const joined = Number(text(body, 'joined'));
  return {
    name: text(body, 'name').trim(),
    owner: text(body, 'owner').trim(),
    phone: text(body, 'phone').trim(),
    email: text(body, 'email').trim(),
    password: text(body, 'password'),
    referrer: text(body, 'referrer').trim() || undefined,
    joined: Number.isFinite(joined) && joined > 0 ? joined : clock(),
  };
}

export function businessRoutes({ couch, clock, registrationsPerHour = 0 }: ApiDeps): express.Router {
  const router = express.Router();
  const registrations = new RegistrationLimit(registrationsPerHour, clock);

  router.post(
    '/create-business',
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const branch = objectField<{ of?: string; name?: string }>(body, 'branch');
      const f = readFields(body, clock);
      let parent: BusinessRecord | undefined;
      let base: string;
      if (branch) {
        const of = String(branch.of ?? '');
        await callerFor(couch, req, of, [0]);
        parent = await getBusiness(couch, of);
        if (!parent) throw new ApiError(404, 'not-found', ACCOUNT_MESSAGES.unauthorized);
        f.name = String(branch.name ?? f.name).trim();
        const problem = branchProblem(f);
        if (problem) throw badRequest(problem);
        // Each branch costs three databases and a login like a business: a branch has none of its own, an
        // owner has at most MAX_BRANCHES, and branches count against the address's registrations too.
        if (parent.branch) throw new ApiError(409, 'branch-of-branch', BRANCH_OF_BRANCH);
        const existing = await couch.byPrefix<BranchRecord>(DIRECTORY_DB, branchKey(of, ''));
        if (existing.length >= MAX_BRANCHES) throw new ApiError(409, 'too-many-branches', TOO_MANY_BRANCHES);
        registrations.take(req, res);
        base = usernameSlug(text(body, 'username') || `${parent.username}${f.name}`);
      } else {
        const problem = registrationProblem(f);
        if (problem) throw badRequest(problem);
        registrations.take(req, res);
        base = usernameSlug(f.name);
      }

      const id = newBusinessId(clock);
      const businessName = parent ? `${parent.name} (${f.name})` : f.name;
      const username = await createLogin(couch, base, {
        full_name: f.owner,
        email: f.email,
        phone_number: f.phone,
        password: f.password,
        business: id,
        business_name: businessName,
        level: 0,
        prefix: 'A',
        parent: parent ? parent._id.replace(/^business:/, '') : undefined,
      });
      if (!username) throw new ApiError(409, 'username-taken', ACCOUNT_MESSAGES.usernameTaken);
      await provisionBusiness(couch, { business: id, parent: parent && branch?.of, ownerUsername: username, now: clock() });
      const record: BusinessRecord = {
        _id: businessKey(id),
        type: 'business',
        name: businessName,
        owner: f.owner,
        phone: f.phone,
        email: f.email,
        joined: f.joined,
        referrer: f.referrer,
        username,
        branch: parent && branch ? { of: String(branch.of), name: f.name } : undefined,
        userLimit: DEFAULT_USER_LIMIT,
      };
      await couch.put(DIRECTORY_DB, record);
      if (parent && branch) {
        const b: BranchRecord = { _id: branchKey(String(branch.of), id), type: 'branch', business: id, of: String(branch.of), name: f.name, owner: f.owner, phone: f.phone, email: f.email, joined: f.joined };
        await couch.put(DIRECTORY_DB, b);
      }
      const profile: Profile = { username, fullname: f.owner, email: f.email, phone: f.phone, level: 0, business: id, businessName, policyPrefix: 'A', parent: record.branch?.of };
      res.status(201);
      return { ok: true, id, username, profile };
    }),
  );

  router.get(
    '/business/:id',
    route(async (req) => {
      const id = String(req.params.id);
      // A signed-in caller learns that an id is no business at all (a mistyped /branch/{id} link then says 'not
      // found' rather than 'unauthorized'); a business that exists stays the members' and its parent's.
      const b = await getBusiness(couch, id);
      if (!b) {
        await caller(couch, req);
        throw new ApiError(404, 'not-found', 'This business does not exist');
      }
      await callerFor(couch, req, id, [0, 1, 2, 3, 4]);
      return { _id: id, name: b.name, owner: b.owner, joined: b.joined, branch: b.branch ?? null, userLimit: b.userLimit };
    }),
  );

  // Exists so a caller with a valid session can read their own profile without touching _users.
  router.get(
    '/me',
    route(async (req) => {
      const who = await caller(couch, req);
      return profileOf(couch, who.name);
    }),
  );

  return router;
}


/** The signed-in user's record without CouchDB's secrets (derived key, salt, iterations, scheme, roles). */
export async function profileOf(couch: CouchClient, loginName: string): Promise<Profile> {
  const doc = await couch.get<LoginRecord>(USERS_DB, `org.couchdb.user:${loginName}`);
  if (!doc) throw new ApiError(404, 'not-found', 'This user does not exist');
  return {
    username: loginName.slice(LOGIN_PREFIX.length),
    fullname: doc.full_name,
    email: doc.email,
    phone: doc.phone_number,
    level: doc.level,
    business: doc.business,
    businessName: doc.business_name,
    policyPrefix: doc.prefix,
    parent: doc.parent,
  };
}
