/**
 * validate_doc_update of every business database: refuses writes from logins outside the business (a branch
 * also admits its parent's owners, as level 0), design documents from anyone but the server, any document
 * whose kind (`stores`) is missing or not in commands/permissions.ts, and each kind to the levels it does not
 * list for it (SMS credits: the server only). An SMS message is
 * only ever created by a client, queued with the units its text needs, no sender (the server's own), one
 * E.164 number (commands/lib/phone.ts), a bounded text and none of the dispatcher's fields; a user may
 * change only their own invoice policies (`invoice-policy-{username}` and its per-device
 * `invoice-policy-{username}-{tag}` documents; the owner any); every setting holds a value the worker's check
 * accepts (./validate-config.ts: a device that skips the check cannot store it). A sale never records more paid than
 * its total due, nor a purchase an expiry before its date. Audit entries are append-only, in the writer's own name, under their own date; so are stocktake starts, counts and postings. Shift records are append-only with their till, date, the writer's stamp, a float or count within MAX_AMOUNT; a close names its opener and is written by them or a manager. Reorder levels are numbers of 0 or more. Units of measure: ./validate-units.ts. Credit limits and approvals: ./validate-credit.ts. Price levels, level prices and the level a sale records: ./validate-price-levels.ts. Every amount, quantity and percentage is within its bound (./validate-limits.ts). Deletions, user stamps and document size: ./validate-delete.ts. Written in ES5 for CouchDB's
 * JavaScript engine.
 */
import { WRITE_LEVELS } from '../../commands/permissions';
import { SMS_SEGMENT } from '../../commands/lib/sms-pricing';
import { SMS_MAX_CHARS } from '../../commands/lib/sms';
import { PHONE_SOURCE } from '../../commands/lib/phone';
import { MAX_AMOUNT } from '../../commands/lib/money';
import { MAX_QUANTITY } from '../../commands/lib/bounds';
import { REFUSED_FIELD } from './refused';
import { AUDIT_ACTIONS, AUDIT_ID_PREFIX, AUDIT_MAX_CHANGES, AUDIT_MAX_TEXT } from '../../commands/audit-docs';
import { LOGIN_PREFIX } from '../../commands/session';
import { REORDER_LEVEL_MESSAGE } from '../../commands/lib/reorder';
import { imageRulesSource } from './validate-images';
import { unitRulesSource } from './validate-units';
import { configRulesSource } from './validate-config';
import { priceLevelRulesSource } from './validate-price-levels';
import { limitRulesSource } from './validate-limits';
import { creditRulesSource } from './validate-credit';
import { DEFAULT_DELETE_RULES, deleteRulesSource, type ServerDeleteRules } from './validate-delete';

// A string, not a compiled function: CouchDB stores and runs this exact source. It is a template literal, so a
// regular expression's backslash would be eaten (\s becomes s): use trim() and plain comparisons instead.
const SOURCE = `function (newDoc, oldDoc, userCtx) {
  var BUSINESS = %BUSINESS%;
  var PARENT = %PARENT%;
  var LEVELS = %LEVELS%;
  var LOGIN_PREFIX = %LOGIN_PREFIX%;
  var SMS_SEGMENT = %SMS_SEGMENT%;
  var REORDER_LEVEL_MESSAGE = %REORDER_LEVEL_MESSAGE%;
  var SMS_MAX_CHARS = %SMS_MAX_CHARS%;
  var MAX_AMOUNT = %MAX_AMOUNT%;
  var MAX_QUANTITY = %MAX_QUANTITY%;
  var REFUSED = %REFUSED%;
  var SMS_SERVER_FIELDS = %SMS_SERVER_FIELDS%;
  var AUDIT_PREFIX_AND_LIMITS = %AUDIT%;
  var AUDIT_ID_PREFIX = AUDIT_PREFIX_AND_LIMITS.prefix;
  var AUDIT_ACTIONS = AUDIT_PREFIX_AND_LIMITS.actions;
  var AUDIT_MAX_CHANGES = AUDIT_PREFIX_AND_LIMITS.maxChanges;
  var AUDIT_MAX_TEXT = AUDIT_PREFIX_AND_LIMITS.maxText;
%PHONE_SOURCE%  var roles = (userCtx && userCtx.roles) || [];
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
  // A refusal the server's /db check found before the write reached the database, for one document of a batch
  // (server/couch/shift-closes.ts): refused here so the batch answers it per document.
  if (newDoc[REFUSED] !== undefined) throw { forbidden: String(newDoc[REFUSED]) };
%DELETE_RULES%
  // Every document is of a kind of the permission table (commands/permissions.ts); a deletion (PouchDB writes
  // a bare {_id, _rev, _deleted}) is of its stored document's kind, and a stored document of no known kind
  // (written before this rule) is removed by the owner only.
  var known = function (k) { return typeof k === 'string' && Object.prototype.hasOwnProperty.call(LEVELS, k); };
  if (!newDoc._deleted || newDoc.stores !== undefined) {
    if (newDoc.stores === undefined || newDoc.stores === null || newDoc.stores === '') throw { forbidden: 'A document needs its kind (stores).' };
    if (!known(newDoc.stores)) throw { forbidden: 'Documents of kind "' + String(newDoc.stores).slice(0, 40) + '" are not stored here.' };
  } else if (oldDoc && !oldDoc._deleted && !known(oldDoc.stores) && level !== 0) {
    throw { forbidden: 'Only the owner removes a document of no known kind.' };
  }
  var kinds = [];
  if (newDoc.stores) kinds.push(newDoc.stores);
  if (oldDoc && oldDoc.stores && oldDoc.stores !== newDoc.stores) kinds.push(oldDoc.stores);
  for (var k = 0; k < kinds.length; k++) {
    if (known(kinds[k])) {
      var allowed = LEVELS[kinds[k]];
      if (allowed === null || allowed.indexOf(level) === -1) throw { forbidden: 'Your role may not change ' + kinds[k] + ' documents.' };
    }
  }
  if (kinds.indexOf('sms') !== -1) {
    // A message is queued once, with its units fixed by its text; after that only the server's dispatcher
    // changes it (claims, outcome): a device can neither re-queue a sent message nor change what it cost.
    if (oldDoc && !oldDoc._deleted) throw { forbidden: 'A queued SMS can only be changed by the server.' };
    if (newDoc._deleted) throw { forbidden: 'A queued SMS can only be changed by the server.' };
    // Exactly what worker/sms/outbox.ts queues: the dispatcher sends under the business's own sender ID, to one
    // number in E.164 form, a text of bounded length; its own fields (claim, outcome, retry time) are its own.
    if (newDoc.sender !== undefined && newDoc.sender !== '') throw { forbidden: 'An SMS is queued without a sender: the server sends under the business sender ID.' };
    if (typeof newDoc.recipient !== 'string' || normalisePhone(newDoc.recipient) !== newDoc.recipient) throw { forbidden: 'An SMS goes to one phone number in international form, such as +2348039991234.' };
    if (typeof newDoc.message !== 'string' || newDoc.message.trim() === '' || newDoc.message.length > SMS_MAX_CHARS) throw { forbidden: 'An SMS message is a text of 1 to ' + SMS_MAX_CHARS + ' characters.' };
    for (var so = 0; so < SMS_SERVER_FIELDS.length; so++) {
      if (newDoc[SMS_SERVER_FIELDS[so]] !== undefined) throw { forbidden: 'Only the server sets ' + SMS_SERVER_FIELDS[so] + ' on an SMS.' };
    }
    if ((newDoc.kind !== undefined && typeof newDoc.kind !== 'string') || (newDoc.ref !== undefined && typeof newDoc.ref !== 'string')) throw { forbidden: 'An SMS kind and reference are texts.' };
    if (newDoc.status !== 'queued' || newDoc.units !== Math.ceil(newDoc.message.length / SMS_SEGMENT)) {
      throw { forbidden: 'An SMS is queued with status queued and units = ceil(length / ' + SMS_SEGMENT + ').' };
    }
  }
  if (!newDoc._deleted && (kinds[0] === 'customer' || kinds[0] === 'supplier')) {
    if (typeof newDoc.name !== 'string' || newDoc.name.trim() === '') throw { forbidden: 'A client needs a name.' };
    // Stored as the worker stores it (commands/lib/phone.ts): one number in international form, or none.
    if (newDoc.phone_number !== undefined && (typeof newDoc.phone_number !== 'string' || normalisePhone(newDoc.phone_number) !== newDoc.phone_number)) {
      throw { forbidden: 'A phone number of a client is stored in international form, such as +2348039991234.' };
    }
  }
  if (!newDoc._deleted && (kinds[0] === 'payment' || kinds[0] === 'cash-adjustment')) {
    // The worker's rules for money moved on an account (worker/payments/): a direction, a non-zero amount
    // stored absolute, an account; once written, what it moved stays (deletion and its review only mark it).
    if (newDoc.factor !== 1 && newDoc.factor !== -1) throw { forbidden: 'The factor must be 1 or -1.' };
    if (typeof newDoc.amount !== 'number' || !(newDoc.amount > 0) || !isFinite(newDoc.amount)) throw { forbidden: 'The amount must be a number above 0.' };
    var account = newDoc.client && newDoc.client.account_ref;
    if (kinds[0] === 'cash-adjustment' && (typeof account !== 'string' || account === '')) throw { forbidden: 'A cash adjustment needs a client account.' };
    if (newDoc.client !== undefined && (typeof account !== 'string' || account === '')) throw { forbidden: 'A payment to a client needs its account.' };
    if (oldDoc && !oldDoc._deleted) {
      var was = oldDoc.client && oldDoc.client.account_ref;
      if (oldDoc.factor !== newDoc.factor || oldDoc.amount !== newDoc.amount || was !== account || JSON.stringify(oldDoc.medium) !== JSON.stringify(newDoc.medium)) {
        throw { forbidden: 'A saved ' + kinds[0] + ' cannot be changed; delete it and record a new one.' };
      }
    }
  }
  if (!newDoc._deleted && kinds[0] === 'expense') {
    // The worker's rules for an expense (worker/expenses/): money above 0 from the cash account or a bank, with
    // its purpose; once written, what it took from which account stays (deletion and its review only mark it).
    if (typeof newDoc.amount !== 'number' || !(newDoc.amount > 0) || !isFinite(newDoc.amount)) throw { forbidden: 'The amount must be a number above 0.' };
    var source = newDoc.source;
    if (source !== 'cash' && !(source && typeof source.ref === 'string' && source.ref !== '')) throw { forbidden: 'An expense is paid from the cash account or a bank.' };
    if (typeof newDoc.description !== 'string' || newDoc.description.trim() === '') throw { forbidden: 'An expense needs its purpose.' };
    if (oldDoc && !oldDoc._deleted && (oldDoc.amount !== newDoc.amount || JSON.stringify(oldDoc.source) !== JSON.stringify(newDoc.source))) {
      throw { forbidden: 'A saved expense cannot be changed; delete it and record a new one.' };
    }
  }
  if (kinds[0] === 'shift-open' || kinds[0] === 'shift-close') {
    // Shifts are append-only (commands/shifts.ts): written once, never changed or deleted, so a drawer's
    // count and float stay what was recorded. One close per shift: its id is the open's id + '-close'.
    if (oldDoc && !oldDoc._deleted) throw { forbidden: 'A shift record cannot be changed once written.' };
    if (newDoc._deleted) throw { forbidden: 'A shift record cannot be deleted.' };
    if (typeof newDoc.till !== 'string' || newDoc.till === '' || typeof newDoc.date !== 'number') throw { forbidden: 'A shift record needs its till and date.' };
    if (stampOf(newDoc.user) !== me) throw { forbidden: 'A shift record carries the user stamp of who writes it.' };
    var amountOk = function (v) { return typeof v === 'number' && v >= 0 && v <= MAX_AMOUNT; };
    if (kinds[0] === 'shift-open' && !amountOk(newDoc.float)) throw { forbidden: 'The opening float must be an amount of 0 or more, at most ' + MAX_AMOUNT + '.' };
    if (kinds[0] === 'shift-close') {
      if (typeof newDoc.shift !== 'string' || newDoc._id !== newDoc.shift + '-close') throw { forbidden: 'A shift close is stored as {shift id}-close.' };
      if (!amountOk(newDoc.counted)) throw { forbidden: 'The counted cash must be an amount of 0 or more, at most ' + MAX_AMOUNT + '.' };
      if (!Array.isArray(newDoc.count) || newDoc.count.length > 100) throw { forbidden: 'A shift close carries its count, at most 100 lines.' };
      for (var cl = 0; cl < newDoc.count.length; cl++) {
        var line = newDoc.count[cl];
        if (!line || !amountOk(line.value) || !amountOk(line.count) || line.count % 1 !== 0) throw { forbidden: 'Each count line is a value and a whole count of 0 or more, at most ' + MAX_AMOUNT + '.' };
      }
      // Who opened the shift (checked against the stored open before the write reaches the database:
      // server/couch/shift-closes.ts); only that cashier or a manager closes it.
      if (typeof newDoc.opened_by !== 'string') throw { forbidden: 'A shift close names who opened the shift (opened_by).' };
      if (newDoc.opened_by !== me && level > 1) throw { forbidden: 'Only the cashier who opened this shift or a manager may close it.' };
    }
  }
  if (kinds.indexOf('audit') !== -1) {
    // The audit log (commands/audit-docs.ts) is append-only: an entry is written once, by whoever acted, in their
    // own name, and nobody but the database admin changes or deletes it. Its id begins with its own date, so the
    // log's date index (an id range) cannot be fooled into hiding an entry under another day.
    if (newDoc._deleted) throw { forbidden: 'An audit entry cannot be deleted.' };
    if (oldDoc && !oldDoc._deleted) throw { forbidden: 'An audit entry cannot be changed.' };
    if (newDoc.stores !== 'audit') throw { forbidden: 'An audit entry cannot change its kind.' };
    if (stampOf(newDoc.user) !== me) throw { forbidden: 'An audit entry carries the user stamp of who writes it.' };
    if (typeof newDoc.date !== 'number' || newDoc.date < 0 || newDoc.date % 1 !== 0 || newDoc.date >= 10000000000000) throw { forbidden: 'An audit entry needs its date.' };
    var dateKey = AUDIT_ID_PREFIX + ('0000000000000' + newDoc.date).slice(-13) + ':';
    if (newDoc._id.indexOf(dateKey) !== 0) throw { forbidden: 'An audit entry is stored under its own date (' + dateKey + '...).' };
    if (AUDIT_ACTIONS.indexOf(newDoc.action) === -1) throw { forbidden: 'An audit entry needs a known action.' };
    var auditText = function (v) { return typeof v === 'string' && v.length <= AUDIT_MAX_TEXT; };
    if (!auditText(newDoc.device)) throw { forbidden: 'An audit entry names its device.' };
    var at = newDoc.target;
    if (!at || typeof at !== 'object' || !auditText(at.kind) || !auditText(at.id) || !auditText(at.label)) throw { forbidden: 'An audit entry names what it is about (kind, id, label).' };
    if (!Array.isArray(newDoc.changes) || newDoc.changes.length > AUDIT_MAX_CHANGES) throw { forbidden: 'An audit entry lists at most ' + AUDIT_MAX_CHANGES + ' changes.' };
    for (var ac = 0; ac < newDoc.changes.length; ac++) {
      var change = newDoc.changes[ac];
      if (!change || !auditText(change.field) || !auditText(change.before) || !auditText(change.after)) throw { forbidden: 'Each change of an audit entry is a field, a before and an after, each a text of at most ' + AUDIT_MAX_TEXT + ' characters.' };
    }
    if (newDoc.note !== undefined && !auditText(newDoc.note)) throw { forbidden: 'An audit note is a text of at most ' + AUDIT_MAX_TEXT + ' characters.' };
  }
  if (kinds[0] === 'stocktake' || kinds[0] === 'stocktake-count' || kinds[0] === 'stocktake-post') {
    // Stocktake (commands/stocktake-docs.ts): a start, its counts and its posting are each written once, in the
    // writer's own name, under ids that tie them to their stocktake; only the owner removes a posting (which
    // undoes what it moved), and nobody changes one, so devices counting offline never overwrite each other.
    var st = kinds[0];
    if (newDoc._deleted) {
      if (st !== 'stocktake-post' || level !== 0) throw { forbidden: 'A stocktake record cannot be deleted.' };
    } else {
      if (oldDoc && !oldDoc._deleted) throw { forbidden: 'A stocktake record cannot be changed once written.' };
      if (stampOf(newDoc.user) !== me) throw { forbidden: 'A stocktake record carries the user stamp of who writes it.' };
      if (typeof newDoc.date !== 'number' || !isFinite(newDoc.date)) throw { forbidden: 'A stocktake record needs its date.' };
      var qtyOk = function (v) { return typeof v === 'number' && isFinite(v) && Math.abs(v) <= MAX_QUANTITY; };
      if (st === 'stocktake') {
        if (newDoc._id.indexOf('stk-') !== 0) throw { forbidden: 'A stocktake is stored as stk-...' };
        if (typeof newDoc.warehouse !== 'string' || newDoc.warehouse === '') throw { forbidden: 'A stocktake names its warehouse.' };
        var snap = newDoc.snapshot;
        if (!snap || typeof snap !== 'object' || Array.isArray(snap)) throw { forbidden: 'A stocktake carries its snapshot.' };
        for (var sid in snap) {
          if (Object.prototype.hasOwnProperty.call(snap, sid) && !(Array.isArray(snap[sid]) && qtyOk(snap[sid][0]) && typeof snap[sid][1] === 'number' && snap[sid][1] >= 0 && snap[sid][1] <= MAX_AMOUNT)) throw { forbidden: 'Each snapshot line is a quantity and a cost.' };
        }
      }
      if (st === 'stocktake-count') {
        if (typeof newDoc.stocktake !== 'string' || newDoc._id.indexOf('stkc-' + newDoc.stocktake + '-') !== 0) throw { forbidden: 'A count is stored as stkc-{stocktake}-...' };
        if (!newDoc.item || typeof newDoc.item.id !== 'string' || newDoc.item.id === '') throw { forbidden: 'A count names its item.' };
        if (!qtyOk(newDoc.quantity) || newDoc.quantity === 0 || !qtyOk(newDoc.expected_then)) throw { forbidden: 'A count is a quantity other than 0, with the expected quantity then, each below ' + (MAX_QUANTITY + 1) + '.' };
      }
      if (st === 'stocktake-post') {
        if (typeof newDoc.stocktake !== 'string' || newDoc._id !== 'stkp-' + newDoc.stocktake) throw { forbidden: 'A stocktake posting is stored as stkp-{stocktake}.' };
        if (typeof newDoc.warehouse !== 'string' || newDoc.warehouse === '') throw { forbidden: 'A stocktake posting names its warehouse.' };
        if (!Array.isArray(newDoc.lines) || newDoc.lines.length === 0) throw { forbidden: 'A stocktake posting carries its lines.' };
        for (var pl = 0; pl < newDoc.lines.length; pl++) {
          var pline = newDoc.lines[pl];
          if (!pline || typeof pline.id !== 'string' || !qtyOk(pline.start) || !qtyOk(pline.expected) || !qtyOk(pline.counted) || !qtyOk(pline.difference)) throw { forbidden: 'Each stocktake line is an item with its quantities.' };
          // What the posting moves is what the count says: counted − expected (in thousandths, as the ledger counts).
          if (Math.round(pline.counted * 1000) - Math.round(pline.expected * 1000) !== Math.round(pline.difference * 1000)) throw { forbidden: 'A stocktake line moves counted − expected.' };
        }
      }
    }
  }
  if (!newDoc._deleted && kinds[0] === 'item') {
    // Reorder levels (commands/lib/reorder.ts): a number of 0 or more, for the item and per warehouse.
    var levelOk = function (v) { return typeof v === 'number' && v >= 0 && isFinite(v); };
    if (newDoc.reorderLevel !== undefined && !levelOk(newDoc.reorderLevel)) throw { forbidden: REORDER_LEVEL_MESSAGE };
    var levels = newDoc.reorderLevels;
    if (levels !== undefined) {
      if (levels === null || typeof levels !== 'object' || Array.isArray(levels)) throw { forbidden: 'The reorder levels are a map of warehouse to level.' };
      for (var wh in levels) {
        if (Object.prototype.hasOwnProperty.call(levels, wh) && !levelOk(levels[wh])) throw { forbidden: REORDER_LEVEL_MESSAGE };
      }
    }
  }
  if (!newDoc._deleted && kinds[0] === 'bank' && (typeof newDoc.name !== 'string' || newDoc.name.trim() === '')) throw { forbidden: 'A bank needs a name.' };
  if (!newDoc._deleted && kinds[0] === 'stock-transfer') {
    var from = newDoc.sender && newDoc.sender.account_ref;
    var to = newDoc.recipient && newDoc.recipient.account_ref;
    if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '' || from === to) throw { forbidden: 'A stock transfer needs two different customers.' };
    if (typeof newDoc.quantity !== 'number' || !(newDoc.quantity > 0)) throw { forbidden: 'A stock transfer needs a quantity above 0.' };
    if (!(newDoc.send_price >= 0) || !(newDoc.receive_price >= 0)) throw { forbidden: 'A price cannot be negative.' };
  }
%SETTINGS_RULES%
%CREDIT_RULES%
%PRICE_LEVEL_RULES%
%LIMIT_RULES%
%IMAGE_RULES%
%UNIT_RULES%
  if (newDoc.stores === 'sale' && !newDoc._deleted && typeof newDoc.amount_paid === 'number' && typeof newDoc.total_due === 'number') {
    // Change given back is not paid: a sale never counts more than its total due as paid.
    if (newDoc.amount_paid > Math.max(0, newDoc.total_due) + 0.005) throw { forbidden: 'A sale cannot record more paid than its total due.' };
  }
  if (newDoc.stores === 'purchase' && !newDoc._deleted && typeof newDoc.date === 'number' && Array.isArray(newDoc.items)) {
    // An expiry before the purchase date cannot be right. The worker compares by the device's calendar day;
    // a day's grace here, as the server does not know the device's time zone.
    for (var li = 0; li < newDoc.items.length; li++) {
      var expiry = newDoc.items[li] && newDoc.items[li].expiry_date;
      if (typeof expiry === 'number' && expiry < newDoc.date - 86400000) throw { forbidden: 'An expiry date cannot be before the purchase date.' };
    }
  }
  if (kinds[0] === 'invoice-policy' && level !== 0) {
    var own = 'invoice-policy-' + String(userCtx.name).replace(LOGIN_PREFIX, '');
    if (newDoc._id !== own && newDoc._id.indexOf(own + '-') !== 0) throw { forbidden: 'You may only change your own invoice policy.' };
  }
}`;

/** What only the dispatcher writes on a message (server/sms/deliver.ts): never in what a device queues. */
const SMS_SERVER_FIELDS = ['claim', 'provider_id', 'reason', 'attempts', 'retry_at', 'sent_at'];

export const VALIDATE_DDOC_ID = '_design/oja-security';

/**
 * The design document carrying validate_doc_update for one business (and its parent, for branches), with the
 * business's delete settings (./validate-delete.ts; the defaults until the business changes them).
 */
export function validateDesignDoc(business: string, parent?: string, rules: ServerDeleteRules = DEFAULT_DELETE_RULES) {
  const source = SOURCE.replace('%DELETE_RULES%', () => deleteRulesSource(rules))
    .replace('%SETTINGS_RULES%', () => configRulesSource())
    .replace('%CREDIT_RULES%', () => creditRulesSource())
    .replace('%PRICE_LEVEL_RULES%', () => priceLevelRulesSource())
    .replace('%LIMIT_RULES%', () => limitRulesSource())
    .replace('%IMAGE_RULES%', () => imageRulesSource())
    .replace('%UNIT_RULES%', () => unitRulesSource())
    .replace('%BUSINESS%', JSON.stringify(business))
    .replace('%PARENT%', JSON.stringify(parent ?? ''))
    .replace('%LEVELS%', JSON.stringify(WRITE_LEVELS))
    .replace('%LOGIN_PREFIX%', JSON.stringify(LOGIN_PREFIX))
    .replace('%SMS_SEGMENT%', JSON.stringify(SMS_SEGMENT))
    .replace('%REORDER_LEVEL_MESSAGE%', JSON.stringify(REORDER_LEVEL_MESSAGE))
    .replace('%SMS_MAX_CHARS%', JSON.stringify(SMS_MAX_CHARS))
    .replace('%MAX_AMOUNT%', JSON.stringify(MAX_AMOUNT))
    .replace('%MAX_QUANTITY%', JSON.stringify(MAX_QUANTITY))
    .replace('%REFUSED%', JSON.stringify(REFUSED_FIELD))
    .replace('%SMS_SERVER_FIELDS%', JSON.stringify(SMS_SERVER_FIELDS))
    .replace('%AUDIT%', JSON.stringify({ prefix: AUDIT_ID_PREFIX, actions: AUDIT_ACTIONS, maxChanges: AUDIT_MAX_CHANGES, maxText: AUDIT_MAX_TEXT }))
    .replace('%PHONE_SOURCE%', () => PHONE_SOURCE);
  return { _id: VALIDATE_DDOC_ID, validate_doc_update: source };
}
