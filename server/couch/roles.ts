/**
 * CouchDB roles of an Oja login. A user belongs to one business: `oja:member:{business}` and
 * `oja:level:{n}`; an owner (level 0) also holds `oja:owner:{business}`, which admits them to the
 * databases of that business's branches.
 */
import type { RoleLevel } from '../../commands/session';

export function rolesFor(business: string, level: RoleLevel): string[] {
  const roles = [`oja:member:${business}`, `oja:level:${level}`];
  if (level === 0) roles.push(`oja:owner:${business}`);
  return roles;
}

export type Membership = { business: string; level: RoleLevel; owner: boolean };

/** The business and level a login's roles give, or undefined for a login outside Oja. */
export function membershipOf(roles: string[]): Membership | undefined {
  const business = roles.map((r) => /^oja:member:(.+)$/.exec(r)?.[1]).find(Boolean);
  const level = roles.map((r) => /^oja:level:([0-4])$/.exec(r)?.[1]).find(Boolean);
  if (!business || level === undefined) return undefined;
  return { business, level: Number(level) as RoleLevel, owner: roles.includes(`oja:owner:${business}`) };
}

/** The _security object of a business database: its members, plus the parent's owners for a branch. */
export function securityFor(business: string, parent?: string) {
  const roles = [`oja:member:${business}`];
  if (parent) roles.push(`oja:owner:${parent}`);
  return { admins: { names: [], roles: [] }, members: { names: [], roles } };
}

/** The directory database is the server's own: no member role at all, so only the server admin reads it. */
export const ADMIN_ONLY_SECURITY = { admins: { names: [], roles: [] }, members: { names: [], roles: ['_admin'] } };
