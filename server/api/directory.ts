/**
 * The server's own records in the admin-only `directory` database: businesses, staff and branches, and
 * the logins in `_users`. Everything goes through CouchClient (CouchDB's HTTP API).
 */
import { LOGIN_PREFIX, ROLE_LABELS, type RoleLevel } from '../../commands/session';
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB, USERS_DB } from '../couch/names';
import { rolesFor } from '../couch/roles';

export type BusinessRecord = {
  _id: string;
  _rev?: string;
  type: 'business';
  name: string;
  owner: string;
  phone: string;
  email: string;
  joined: number;
  referrer?: string;
  username: string;
  branch?: { of: string; name: string };
  userLimit: number;
};

export type StaffRecord = {
  _id: string;
  type: 'staff';
  business: string;
  username: string;
  full_name: string;
  email: string;
  phone_number: string;
  role: { level: RoleLevel; label: string; at: string };
  prefix: string;
  joined: number;
};

export type BranchRecord = { _id: string; type: 'branch'; business: string; of: string; name: string; owner: string; phone: string; email: string; joined: number };

/** The login record in _users, with Oja's profile fields beside CouchDB's own. */
export type LoginRecord = {
  _id: string;
  _rev?: string;
  type: 'user';
  name: string;
  roles: string[];
  password?: string;
  full_name: string;
  email: string;
  phone_number: string;
  business: string;
  business_name: string;
  level: RoleLevel;
  prefix: string;
  parent?: string;
};

export const businessKey = (id: string) => `business:${id}`;
export const staffKey = (business: string, username: string) => `staff:${business}:${username}`;
export const branchKey = (parent: string, branch: string) => `branch:${parent}:${branch}`;
export const loginKey = (username: string) => `org.couchdb.user:${LOGIN_PREFIX}${username}`;
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/** Which usernames registered with an email (an owner of two businesses, staff reusing a mail box). */
export type EmailRecord = { _id: string; _rev?: string; type: 'email'; usernames: string[] };

export function getBusiness(couch: CouchClient, id: string): Promise<BusinessRecord | undefined> {
  return couch.get<BusinessRecord>(DIRECTORY_DB, businessKey(id));
}

export function getLogin(couch: CouchClient, username: string): Promise<LoginRecord | undefined> {
  return couch.get<LoginRecord>(USERS_DB, loginKey(username));
}

export type NewLogin = Omit<LoginRecord, '_id' | 'type' | 'name' | 'roles'> & { username: string };

/**
 * Creates a login with the first free username among base, base2, base3...; answers the name taken.
 * A PUT without _rev fails with 409 when the name exists, so two registrations never share a login.
 */
export async function createLogin(couch: CouchClient, base: string, login: Omit<NewLogin, 'username'>, exact = false): Promise<string | undefined> {
  for (let n = 1; n <= 50; n++) {
    const username = n === 1 ? base : `${base}${n}`;
    const doc: LoginRecord = { _id: loginKey(username), type: 'user', name: LOGIN_PREFIX + username, roles: rolesFor(login.business, login.level), ...login };
    const res = await couch.request('PUT', `/${USERS_DB}/${encodeURIComponent(doc._id)}`, doc);
    if (res.status < 300) {
      await rememberEmail(couch, login.email, username);
      return username;
    }
    if (res.status !== 409) throw new Error(`creating login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    if (exact) return undefined;
  }
  return undefined;
}

export function staffRecord(business: string, username: string, s: { full_name: string; email: string; phone_number: string; level: RoleLevel }, prefix: string, joined: number): StaffRecord {
  return {
    _id: staffKey(business, username),
    type: 'staff',
    business,
    username,
    full_name: s.full_name,
    email: s.email,
    phone_number: s.phone_number,
    role: { level: s.level, label: ROLE_LABELS[s.level], at: business },
    prefix,
    joined,
  };
}

/** Adds a username to its email's record so the person can sign in with the email (retried on a conflict). */
async function rememberEmail(couch: CouchClient, email: string, username: string): Promise<void> {
  if (!email.trim()) return;
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = (await couch.get<EmailRecord>(DIRECTORY_DB, emailKey(email))) ?? { _id: emailKey(email), type: 'email', usernames: [] };
    if (doc.usernames.includes(username)) return;
    const res = await couch.request('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(doc._id)}`, { ...doc, usernames: [...doc.usernames, username] });
    if (res.status < 300) return;
    if (res.status !== 409) throw new Error(`recording email: ${res.status}`);
  }
}

/** The usernames registered with an email, newest last. */
export async function usernamesOfEmail(couch: CouchClient, email: string): Promise<string[]> {
  return (await couch.get<EmailRecord>(DIRECTORY_DB, emailKey(email)))?.usernames ?? [];
}
