/**
 * The credit-limit rules of validate_doc_update (issue 28, commands/lib/credit-limit.ts):
 * - a customer's `credit_limit` is absent or a number of 0 or more (its upper bound, MAX_AMOUNT, is the limits
 *   walk's: ./validate-limits.ts); only a customer has one; only a manager (level 0-1) sets or changes it;
 * - a sale, stock transfer or cash adjustment that carries a new or changed `credit_approval` stamp carries its
 *   shape (who, when, the limit and the balance approved) and is approved by a manager: either the writer
 *   themselves at level 0-1 (a manager confirming their own sale), or the manager named by a server approval
 *   record (`id`: written by POST /api/credit-approval once it checked that manager's password and level;
 *   ./credit-approvals.ts holds the stamp to it before the write reaches the database, as a validation
 *   function reads no other document). An unchanged stamp (an edit by someone else later) stays.
 *
 * Not enforceable here, and not enforced: whether the document really takes the customer past the limit, and
 * whether the setting allowed it. Balances are sums over every device's documents, and two tills offline can
 * each stay under a limit that together they pass: the server keeps both sales (refusing one would lose a sale
 * already made and handed over), and the customer shows in Over limit once both have synced.
 *
 * ES5 inside a template literal: no backslashes.
 */
import { CREDIT_APPROVAL_PREFIX, CREDIT_MESSAGES } from '../../commands/lib/credit-limit';
import { MAX_NAME } from '../../commands/lib/text-limits';

const SOURCE = `
  var CREDIT_APPROVAL_PREFIX = %CREDIT_APPROVAL_PREFIX%;
  var CREDIT_LIMIT_LEVEL = %CREDIT_LIMIT_LEVEL%;
  var CREDIT_NAME_MAX = %CREDIT_NAME_MAX%;
  if (!newDoc._deleted && (kinds[0] === 'customer' || kinds[0] === 'supplier')) {
    var limitNow = newDoc.credit_limit;
    if (limitNow !== undefined) {
      if (kinds[0] !== 'customer') throw { forbidden: 'Only a customer has a credit limit.' };
      if (typeof limitNow !== 'number' || !isFinite(limitNow) || limitNow < 0) throw { forbidden: 'A credit limit is an amount of 0 or more.' };
    }
    var limitWas = oldDoc && !oldDoc._deleted ? oldDoc.credit_limit : undefined;
    if (limitNow !== limitWas && level > 1) throw { forbidden: CREDIT_LIMIT_LEVEL };
  }
  if (!newDoc._deleted && (kinds[0] === 'sale' || kinds[0] === 'stock-transfer' || kinds[0] === 'cash-adjustment') && newDoc.credit_approval !== undefined) {
    var approval = newDoc.credit_approval;
    var approvalWas = oldDoc && !oldDoc._deleted ? oldDoc.credit_approval : undefined;
    if (approvalWas === undefined || JSON.stringify(approval) !== JSON.stringify(approvalWas)) {
      var isAmount = function (v) { return typeof v === 'number' && isFinite(v) && v >= 0; };
      if (!approval || typeof approval !== 'object' || Array.isArray(approval)) throw { forbidden: 'A credit approval names who approved and when.' };
      if (typeof approval.username !== 'string' || approval.username === '' || approval.username.length > CREDIT_NAME_MAX) throw { forbidden: 'A credit approval names the approving manager (username).' };
      if (approval.fullname !== undefined && (typeof approval.fullname !== 'string' || approval.fullname.length > CREDIT_NAME_MAX)) throw { forbidden: 'A credit approval names the approving manager (fullname).' };
      if (typeof approval.at !== 'number' || !isFinite(approval.at) || approval.at < 0) throw { forbidden: 'A credit approval carries when it was given (at).' };
      if (!isAmount(approval.limit) || typeof approval.balance !== 'number' || !isFinite(approval.balance)) throw { forbidden: 'A credit approval carries the limit and the balance it approved.' };
      if (approval.username === me) {
        if (level > 1) throw { forbidden: 'Only a manager (level 0 or 1) approves going past a credit limit.' };
      } else if (typeof approval.id !== 'string' || approval.id.indexOf(CREDIT_APPROVAL_PREFIX) !== 0) {
        throw { forbidden: "Another manager's credit approval names the server's approval record (id)." };
      }
    }
  }
`;

export function creditRulesSource(): string {
  return SOURCE.replace('%CREDIT_APPROVAL_PREFIX%', JSON.stringify(CREDIT_APPROVAL_PREFIX))
    .replace('%CREDIT_LIMIT_LEVEL%', JSON.stringify(CREDIT_MESSAGES.limitLevel))
    .replace('%CREDIT_NAME_MAX%', JSON.stringify(MAX_NAME));
}
