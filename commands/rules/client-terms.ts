/**
 * Who may set a customer's terms: the percentage discount every sale to them gets and their default price level.
 * Both change what the customer pays on every later sale, so, like the credit limit (commands/lib/credit-limit.ts),
 * they are the managers' (the owner and level 1); a sales agent or accountant who edits a customer keeps both as
 * they were. The spec names the fields but not who sets them: this is the shop owner's expectation.
 *
 * Written on the documents (the stored customer before and after), so the worker runs it before it writes and
 * the server's gate can run the same function on every member write of a customer.
 */
import type { RoleLevel } from '../session';
import { kindOf, type Rule } from './types';

export const CLIENT_TERMS_LEVELS: readonly RoleLevel[] = [0, 1];

export const CLIENT_TERMS_MESSAGE = "Only a manager (the owner or a level 1 user) can set or change a customer's discount or price level";

type Terms = { stores?: unknown; discount?: unknown; defaultLevel?: unknown } | undefined | null;

const discountOf = (d: Terms) => (typeof d?.discount === 'number' ? d.discount : 0);
const levelOf = (d: Terms) => (typeof d?.defaultLevel === 'string' ? d.defaultLevel : '');

export const mayChangeClientTerms = (level: number | undefined): boolean => (CLIENT_TERMS_LEVELS as readonly number[]).includes(level ?? -1);

/** The refusal of a write that changes a customer's discount or default level by someone below a manager. */
export function clientTermsRefusal(level: number | undefined, before: Terms, after: Terms): string | undefined {
  if (mayChangeClientTerms(level)) return undefined;
  if (discountOf(before) !== discountOf(after) || levelOf(before) !== levelOf(after)) return CLIENT_TERMS_MESSAGE;
  return undefined;
}

/** The same refusal at the server's gate: a customer or supplier written by someone below a manager keeps its terms. */
export const clientTermsRule: Rule = (w) => {
  const kind = kindOf(w);
  if ((kind !== 'customer' && kind !== 'supplier') || w.doc._deleted === true) return undefined;
  return clientTermsRefusal(w.writer.level, w.stored, w.doc);
};
