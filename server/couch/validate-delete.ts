/**
 * The part of validate_doc_update that guards deletions and who wrote what, mirroring commands/lib/deletion.ts
 * (the worker's rule) so a client that skips the worker meets the same rule on the server:
 * - a transaction (TRANSACTION_KINDS) is deleted (`_deleted`, the `deleted` marker), marked delete_pending or
 *   has its mark cleared only when the business's delete policy, review setting and timeout allow that user;
 *   lines removed by an invoice edit are the exception (sale lines while editable invoices is on, purchase
 *   lines always: purchases are always editable);
 * - a transaction never changes its kind (relabelling would take it out of the books like a deletion);
 * - a new document's `user` stamp is the writer's own, an update keeps the creator, and the deletedBy,
 *   deleteRequestedBy and updatedBy stamps a write sets are the writer's own;
 * - no document is larger than MAX_DOC_CHARS.
 * The settings are baked into the source (a validation function reads no other document); the server rewrites
 * the design document when they change (server/api/validation.ts). ES5: CouchDB runs this source as is.
 */
import { CONFIG_DEFAULTS } from '../../commands/config';
import { DELETE_DENIED, LINE_EDITS, TRANSACTION_KINDS, type DeleteRules } from '../../commands/lib/deletion';
import { DOC_TOO_LARGE, MAX_DOC_CHARS } from './limits';

/** The settings the deletion rule needs: the delete policy, its review and timeout, and editable invoices. */
export type ServerDeleteRules = DeleteRules & { editableInvoice: boolean };

export const DEFAULT_DELETE_RULES: ServerDeleteRules = {
  deletePolicy: CONFIG_DEFAULTS.deletePolicy,
  reviewDelete: CONFIG_DEFAULTS.reviewDelete,
  deleteTimeout: CONFIG_DEFAULTS.deleteTimeout,
  editableInvoice: CONFIG_DEFAULTS.editableInvoice,
};

// Runs inside the main function, after `level` and `userCtx` are known and before the per-kind rules.
const FRAGMENT = `
  var RULES = %RULES%;
  var TRANSACTIONS = %TRANSACTIONS%;
  var LINE_EDITS = %LINE_EDITS%;
  var DENIED = %DENIED%;
  if (JSON.stringify(newDoc).length > %MAX_DOC_CHARS%) throw { forbidden: %DOC_TOO_LARGE% };
  var me = String(userCtx.name || '');
  if (me.indexOf(LOGIN_PREFIX) === 0) me = me.slice(LOGIN_PREFIX.length);
  var prev = oldDoc && !oldDoc._deleted ? oldDoc : null;
  function stampOf(s) { return s && typeof s === 'object' ? s.username : undefined; }
  function mine(field) {
    var stamp = newDoc[field];
    if (stamp === undefined || (prev && JSON.stringify(stamp) === JSON.stringify(prev[field]))) return;
    if (stampOf(stamp) !== me) throw { forbidden: 'The ' + field + ' stamp must be your own user.' };
  }
  if (!newDoc._deleted) {
    if (!prev || prev.user === undefined) mine('user');
    else if (stampOf(newDoc.user) !== stampOf(prev.user)) throw { forbidden: 'Who created a document cannot be changed.' };
    mine('updatedBy');
    mine('deleteRequestedBy');
  }
  mine('deletedBy');
  var kind = TRANSACTIONS.indexOf(newDoc.stores) !== -1 ? newDoc.stores : prev && TRANSACTIONS.indexOf(prev.stores) !== -1 ? prev.stores : null;
  if (kind !== null) {
    if (prev && !newDoc._deleted && newDoc.stores !== prev.stores) throw { forbidden: 'A transaction cannot change its kind.' };
    var target = prev || newDoc;
    var pending = !!(prev && prev.delete_pending);
    var policyAllows = function () {
      switch (RULES.deletePolicy) {
        case 'all': return true;
        case 'creator': return stampOf(target.user) !== undefined && stampOf(target.user) === me;
        case 'preferred': return level <= 2;
        case 'managers': return level <= 1;
        case 'admin': return level === 0;
        default: return false;
      }
    };
    var directly = function () {
      if (RULES.reviewDelete === 'admin') return level === 0;
      if (RULES.reviewDelete === 'managers') return level <= 1;
      return true;
    };
    var canReview = function () { return RULES.reviewDelete === 'none' ? policyAllows() : directly(); };
    var timedOut = function () {
      var hours = Number(RULES.deleteTimeout);
      if (!hours || hours <= 0 || typeof target.date !== 'number') return false;
      return Date.now() - target.date >= hours * 3600000;
    };
    var refuse = function () {
      if (pending) throw { forbidden: DENIED.pending };
      if (!policyAllows()) throw { forbidden: DENIED[RULES.deletePolicy === 'all' ? 'none' : RULES.deletePolicy] || DENIED.none };
      if (timedOut()) throw { forbidden: DENIED.timeout };
      throw { forbidden: DENIED.review };
    };
    var edit = LINE_EDITS[kind];
    var editRemoval = !pending && newDoc._deleted === true && (edit === true || (typeof edit === 'string' && RULES[edit] === true));
    var deleting = newDoc._deleted === true || (newDoc.deleted === true && !(prev && prev.deleted === true));
    if (deleting && (prev || newDoc.deleted === true) && !editRemoval) {
      if (pending ? !canReview() : !(policyAllows() && !timedOut() && directly())) refuse();
    } else if (!deleting && newDoc.delete_pending === true && !pending) {
      if (!policyAllows() || timedOut()) refuse();
    } else if (!deleting && pending && !newDoc.delete_pending && !canReview()) {
      throw { forbidden: DENIED.review };
    }
  }
`;

/** The fragment with this business's settings filled in. */
export function deleteRulesSource(rules: ServerDeleteRules): string {
  const denied = { ...DELETE_DENIED, timeout: DELETE_DENIED.timeout(rules.deleteTimeout), review: 'Only a reviewer can accept or reject this deletion' };
  const values: Record<string, string> = {
    RULES: JSON.stringify(rules),
    TRANSACTIONS: JSON.stringify(TRANSACTION_KINDS),
    LINE_EDITS: JSON.stringify(LINE_EDITS),
    DENIED: JSON.stringify(denied),
    MAX_DOC_CHARS: String(MAX_DOC_CHARS),
    DOC_TOO_LARGE: JSON.stringify(DOC_TOO_LARGE),
  };
  return FRAGMENT.replace(/%([A-Z_]+)%/g, (whole, key: string) => values[key] ?? whole);
}
