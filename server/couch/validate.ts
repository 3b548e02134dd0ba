/**
 * validate_doc_update of every business database: refuses writes from logins outside the business (a branch
 * also admits its parent's owners, as level 0), design documents from anyone but the server, and each kind
 * to the levels commands/permissions.ts does not list for it. SMS units may only go down; a user may
 * change only their own invoice policies (`invoice-policy-{username}` and its per-device
 * `invoice-policy-{username}-{tag}` documents; the owner any). Written in ES5 for CouchDB's JavaScript engine.
 */
import { WRITE_LEVELS } from '../../commands/permissions';
import { LOGIN_PREFIX } from '../../commands/session';

// A string, not a compiled function: CouchDB stores and runs this exact source.
const SOURCE = `function (newDoc, oldDoc, userCtx) {
  var BUSINESS = %BUSINESS%;
  var PARENT = %PARENT%;
  var LEVELS = %LEVELS%;
  var LOGIN_PREFIX = %LOGIN_PREFIX%;
  var roles = (userCtx && userCtx.roles) || [];
  if (roles.indexOf('_admin') !== -1) return;
  var member = roles.indexOf('oja:member:' + BUSINESS) !== -1;
  var parentOwner = PARENT !== '' && roles.indexOf('oja:owner:' + PARENT) !== -1;
  if (!member && !parentOwner) throw { unauthorized: 'You are not a member of this business.' };
  var level = parentOwner ? 0 : 9;
  for (var i = 0; i < roles.length; i++) {
    var m = /^oja:level:([0-4])$/.exec(roles[i]);
    if (m && member && Number(m[1]) < level) level = Number(m[1]);
  }
  if (newDoc._id.indexOf('_design/') === 0) throw { forbidden: 'Only the server changes design documents.' };
  var kinds = [];
  if (newDoc.stores) kinds.push(newDoc.stores);
  if (oldDoc && oldDoc.stores && oldDoc.stores !== newDoc.stores) kinds.push(oldDoc.stores);
  for (var k = 0; k < kinds.length; k++) {
    if (Object.prototype.hasOwnProperty.call(LEVELS, kinds[k])) {
      var allowed = LEVELS[kinds[k]];
      if (allowed === null || allowed.indexOf(level) === -1) throw { forbidden: 'Your role may not change ' + kinds[k] + ' documents.' };
    }
  }
  if (kinds[0] === 'sms-units') {
    if (newDoc._deleted || !oldDoc || Number(newDoc.balance) > Number(oldDoc.balance)) throw { forbidden: 'SMS units can only be used up.' };
  }
  if (kinds[0] === 'invoice-policy' && level !== 0) {
    var own = 'invoice-policy-' + String(userCtx.name).replace(LOGIN_PREFIX, '');
    if (newDoc._id !== own && newDoc._id.indexOf(own + '-') !== 0) throw { forbidden: 'You may only change your own invoice policy.' };
  }
}`;

export const VALIDATE_DDOC_ID = '_design/oja-security';

/** The design document carrying validate_doc_update for one business (and its parent, for branches). */
export function validateDesignDoc(business: string, parent?: string) {
  const source = SOURCE.replace('%BUSINESS%', JSON.stringify(business))
    .replace('%PARENT%', JSON.stringify(parent ?? ''))
    .replace('%LEVELS%', JSON.stringify(WRITE_LEVELS))
    .replace('%LOGIN_PREFIX%', JSON.stringify(LOGIN_PREFIX));
  return { _id: VALIDATE_DDOC_ID, validate_doc_update: source };
}
