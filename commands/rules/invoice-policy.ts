/**
 * Invoice numbering (worker/sales/invoice-policy.ts): each device keeps its own policy document,
 * `invoice-policy-{username}-{tag}`, numbering under the user's prefix (from `invoice-policy-{username}`, which
 * the server writes when it creates the user) plus the device's tag and a dash. So that numbers from two
 * people or two devices can never be the same, and a till cannot reset its count to number over old sales:
 * - a policy holds a prefix (a short text) and a counter (a whole number of 0 or more) and nothing stranger;
 * - a level 1-4 user writes only their own policies, a device policy's prefix is their own prefix + its tag
 *   + '-', and their main policy's prefix stays the server's;
 * - a counter never goes down (the owner may set any of their business's counters, e.g. after a restore).
 */
import { MAX_QUANTITY } from '../lib/bounds';
import { kindOf, type Rule, type Write } from './types';

export const POLICY_ID_PREFIX = 'invoice-policy-';
const MAX_PREFIX = 20;

export const POLICY_MESSAGES = {
  own: 'You may only change your own invoice policy.',
  shape: `An invoice policy is a prefix of at most ${MAX_PREFIX} characters and a counter, a whole number of 0 or more.`,
  prefix: 'A device numbers invoices under your own prefix and its tag.',
  mainPrefix: 'Your invoice prefix is set by the server.',
  back: 'An invoice counter cannot go back.',
  delete: 'An invoice policy cannot be deleted.',
} as const;

/** The main policy a write needs read: the writer's own (its prefix is what their device policies extend). */
export const policyIdsToRead = (w: Pick<Write, 'doc' | 'writer'>): string[] =>
  w.doc._id.startsWith(POLICY_ID_PREFIX) || w.doc.stores === 'invoice-policy' ? [POLICY_ID_PREFIX + w.writer.username] : [];

export const invoicePolicyRule: Rule = (w) => {
  if (kindOf(w) !== 'invoice-policy') return undefined;
  const { doc, stored, writer } = w;
  if (doc._deleted === true) return writer.level === 0 ? undefined : POLICY_MESSAGES.delete;
  const counter = doc.counter;
  if (typeof doc.prefix !== 'string' || doc.prefix.length > MAX_PREFIX || typeof counter !== 'number' || !Number.isInteger(counter) || counter < 0 || counter > MAX_QUANTITY) return POLICY_MESSAGES.shape;
  if (writer.level === 0) return undefined;
  const own = POLICY_ID_PREFIX + writer.username;
  if (doc._id !== own && !doc._id.startsWith(own + '-')) return POLICY_MESSAGES.own;
  if (stored && typeof stored.counter === 'number' && counter < stored.counter) return POLICY_MESSAGES.back;
  if (doc._id === own) return stored && stored.prefix === doc.prefix ? undefined : POLICY_MESSAGES.mainPrefix;
  const main = w.storedOf(own);
  const tag = doc._id.slice(own.length + 1);
  if (!main || typeof main.prefix !== 'string' || doc.prefix !== `${main.prefix}${tag}-`) return POLICY_MESSAGES.prefix;
  return undefined;
};
